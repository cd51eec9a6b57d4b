/** The binary's text from the loader's source and esbuild's CommonJS output (scripts/embed-bundle.mjs). */
export function embedBundle(loader: string, cjs: string): string;
