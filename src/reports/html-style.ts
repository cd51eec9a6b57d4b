/** The stylesheet inlined in report.html. */
export const HTML_STYLE = `
:root { --fg:#1d2330; --muted:#5d6677; --line:#dde2ea; --bg:#f6f8fb; --card:#fff; --pass:#1f8a4c; --fail:#c9302c; --err:#a35a00; --accent:#3b6fd8; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--fg); background:var(--bg); }
header { padding:20px 28px; background:var(--card); border-bottom:1px solid var(--line); }
header h1 { margin:0 0 4px; font-size:22px; }
.verdict { display:inline-block; padding:2px 10px; border-radius:6px; color:#fff; font-size:16px; vertical-align:3px; }
.verdict.pass { background:var(--pass); } .verdict.fail { background:var(--fail); }
header .meta { color:var(--muted); }
main { padding:16px 28px 48px; display:grid; grid-template-columns:minmax(0,1fr); gap:18px; }
section { background:var(--card); border:1px solid var(--line); border-radius:8px; padding:14px 18px; }
section h2 { margin:0 0 10px; font-size:17px; }
table { border-collapse:collapse; width:100%; }
th, td { text-align:left; padding:5px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
th { font-weight:600; color:var(--muted); white-space:nowrap; }
td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
code, pre { font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; }
pre { background:#f3f5f9; border:1px solid var(--line); border-radius:6px; padding:8px; overflow:auto; max-height:320px; white-space:pre-wrap; word-break:break-word; margin:4px 0; }
.badge { display:inline-block; padding:1px 8px; border-radius:10px; font-size:12px; font-weight:600; color:#fff; }
.badge.pass { background:var(--pass); } .badge.fail { background:var(--fail); } .badge.error { background:var(--err); } .badge.unknown { background:#8a93a3; } .badge.skip { background:#8a93a3; }
.regression { color:var(--fail); font-weight:600; } .improvement { color:var(--pass); font-weight:600; } .caution { color:var(--err); font-weight:600; } .ns { color:var(--muted); }
.charts { display:flex; flex-wrap:wrap; gap:24px; overflow-x:auto; }
.scroll { overflow-x:auto; }
.figure { margin:0; } .figure figcaption { font-weight:600; margin-bottom:4px; }
svg.chart .grid { stroke:#e6e9ef; } svg.chart .tick, svg.chart .label { font-size:11px; fill:var(--muted); }
svg.chart .ci line { stroke:#1d2330; stroke-width:1.4; }
.legend { display:flex; gap:14px; font-size:12px; color:var(--muted); } .legend i { display:inline-block; width:10px; height:10px; border-radius:2px; margin-right:4px; }
.controls { display:flex; gap:10px; align-items:center; margin-bottom:8px; flex-wrap:wrap; }
.controls select, .controls input { font:inherit; padding:4px 8px; border:1px solid var(--line); border-radius:6px; }
.controls input { min-width:min(260px,100%); }
#examples-earlier { margin-bottom:8px; font:inherit; padding:4px 12px; border:1px solid var(--line); border-radius:6px; background:var(--card); cursor:pointer; }
#examples-more { margin-top:8px; font:inherit; padding:4px 12px; border:1px solid var(--line); border-radius:6px; background:var(--card); cursor:pointer; }
#examples-table th[data-sort] { cursor:pointer; user-select:none; }
#examples-table th button.sort { font:inherit; font-weight:600; color:inherit; background:none; border:0; padding:0; cursor:pointer; text-align:inherit; }
#examples-table tbody tr:focus-visible, #examples-table th button.sort:focus-visible { outline:2px solid var(--accent); outline-offset:-2px; }
#examples-table th[data-sort][aria-sort="ascending"]::after { content:" ▲"; }
#examples-table th[data-sort][aria-sort="descending"]::after { content:" ▼"; }
#examples-table tbody tr { cursor:pointer; }
#examples-table tbody tr:hover, #examples-table tbody tr.selected { background:#eef3fd; }
.layout { display:grid; grid-template-columns:minmax(0,1.25fr) minmax(0,1fr); gap:18px; align-items:start; }
#viewer { position:sticky; top:12px; max-height:calc(100vh - 24px); overflow:auto; }
#viewer button.back { font:inherit; margin-bottom:8px; padding:4px 12px; border:1px solid var(--line); border-radius:6px; background:var(--card); cursor:pointer; }
#viewer h3 { margin:0 0 6px; } #viewer h4 { margin:14px 0 6px; font-size:14px; }
.msg { border-left:3px solid var(--line); padding:2px 10px; margin:6px 0; }
.msg .role { font-size:11px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); font-weight:600; }
.msg.user { border-color:#3b6fd8; } .msg.assistant { border-color:#2e9e6a; } .msg.tool { border-color:#b5489d; } .msg.system { border-color:#8a93a3; }
.empty { color:var(--muted); font-style:italic; }
.warn { background:#fff6e5; border:1px solid #f0d49b; border-radius:6px; padding:8px 12px; }
#pins summary code { word-break:break-all; }
@media (max-width: 600px) { header { padding:14px 12px; } main { padding:12px 8px 32px; } section { padding:10px 10px; } }
@media (max-width: 1000px) { .layout { grid-template-columns:minmax(0,1fr); } #viewer { position:static; max-height:none; } }
`;
