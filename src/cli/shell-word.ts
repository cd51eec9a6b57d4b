/** The shell quoting of the lines evalc offers lives in plan/ (its init hint writes one too, QA227). */
export { shellLine, shellWord } from '../plan/shell-word.js';
