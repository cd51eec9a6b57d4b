/**
 * The Course Advisor catalog and its three tools, shared by every reference agent.
 *
 * Pure and deterministic: no clock, no randomness, no I/O. The agents differ only in how
 * they turn a user's words into tool arguments and how they phrase the answer; the tools
 * themselves (searchCourses, getCourse, recommendPath) are the single source of truth the
 * datasets' expected values were written against.
 */

/** @typedef {{code: string, title: string, credits: number, level: number, prerequisites: string[], topics: string[], description: string, careers: string[]}} Course */

/** @type {Course[]} */
// biome-ignore format: one course per line reads as a table
export const COURSES = [
  c('CS101', 'Introduction to Programming', 4, 100, [], ['programming', 'python'], 'Variables, control flow, functions and testing, taught in Python.', ['software-engineer', 'data-scientist', 'web-developer']),
  c('CS150', 'Web Development Fundamentals', 3, 100, [], ['web', 'html', 'javascript'], 'Build static and interactive pages with HTML, CSS and JavaScript.', ['web-developer', 'ux-designer']),
  c('CS201', 'Data Structures and Algorithms', 4, 200, ['CS101'], ['algorithms', 'data structures', 'programming'], 'Lists, trees, graphs, hashing, sorting and complexity analysis.', ['software-engineer', 'ml-engineer']),
  c('CS210', 'Computer Systems', 4, 200, ['CS101'], ['systems', 'computer architecture', 'c'], 'How programs run: memory, the C language, assembly and processes.', ['software-engineer', 'security-engineer']),
  c('CS220', 'Databases', 3, 200, ['CS101'], ['databases', 'sql', 'data'], 'Relational modelling, SQL, indexing and transactions.', ['web-developer', 'data-engineer']),
  c('CS230', 'Software Engineering', 3, 200, ['CS201'], ['software engineering', 'testing', 'version control'], 'Team projects, code review, testing and continuous integration.', ['software-engineer', 'product-manager']),
  c('CS250', 'Full-Stack Web Applications', 4, 200, ['CS101', 'CS150'], ['web development', 'javascript', 'apis'], 'Server and client code for a complete web application.', ['web-developer', 'ux-designer']),
  c('CS310', 'Operating Systems', 4, 300, ['CS210'], ['operating systems', 'concurrency', 'systems'], 'Processes, threads, scheduling, virtual memory and file systems.', ['software-engineer']),
  c('CS320', 'Advanced Databases', 3, 300, ['CS220'], ['databases', 'distributed systems', 'query optimization'], 'Query optimisation, replication and distributed storage engines.', ['data-engineer']),
  c('CS330', 'Computer Networks', 3, 300, ['CS210'], ['networks', 'protocols'], 'TCP/IP, routing, congestion control and network programming.', ['security-engineer']),
  c('CS340', 'Artificial Intelligence', 4, 300, ['CS201', 'MATH220'], ['search', 'planning', 'knowledge representation'], 'Search, planning, constraint satisfaction and reasoning under uncertainty.', ['ml-engineer']),
  c('CS350', 'Machine Learning', 4, 300, ['CS201', 'MATH220', 'STAT200'], ['machine learning', 'supervised learning', 'python'], 'Regression, classification, model selection and evaluation.', ['data-scientist', 'ml-engineer']),
  c('CS360', 'Computer Security', 3, 300, ['CS210'], ['security', 'cryptography', 'threat modelling'], 'Threat models, memory safety, authentication and secure design.', ['security-engineer']),
  c('CS370', 'Cloud Computing', 3, 300, ['CS230'], ['cloud', 'devops', 'distributed systems'], 'Containers, orchestration, infrastructure as code and observability.', ['data-engineer', 'software-engineer']),
  c('CS410', 'Deep Learning', 4, 400, ['CS350'], ['deep learning', 'neural networks', 'machine learning'], 'Neural networks, backpropagation, convolution and attention.', ['ml-engineer']),
  c('CS420', 'Natural Language Processing', 3, 400, ['CS350'], ['nlp', 'text', 'machine learning'], 'Tokenisation, language models and text classification.', ['ml-engineer']),
  c('CS430', 'Computer Vision', 3, 400, ['CS350'], ['computer vision', 'images', 'deep learning'], 'Image formation, features, detection and segmentation.', ['ml-engineer']),
  c('CS460', 'Applied Cryptography', 3, 400, ['CS360'], ['cryptography', 'security'], 'Ciphers, signatures, key exchange and protocol pitfalls.', ['security-engineer']),
  c('MATH120', 'Calculus I', 4, 100, [], ['calculus', 'math'], 'Limits, derivatives and integrals of one variable.', ['data-scientist', 'ml-engineer']),
  c('MATH220', 'Linear Algebra', 4, 200, ['MATH120'], ['linear algebra', 'math', 'matrices'], 'Vector spaces, matrices, eigenvalues and least squares.', ['ml-engineer']),
  c('MATH230', 'Discrete Mathematics', 3, 200, ['MATH120'], ['discrete math', 'logic', 'proofs'], 'Sets, logic, combinatorics, graphs and proof techniques.', ['software-engineer']),
  c('STAT200', 'Probability and Statistics', 4, 200, ['MATH120'], ['statistics', 'probability'], 'Random variables, distributions, estimation and hypothesis tests.', ['data-scientist', 'ml-engineer']),
  c('STAT310', 'Data Analysis with R', 3, 300, ['STAT200'], ['statistics', 'data analysis', 'r'], 'Applied data analysis and statistical modelling in R.', ['data-scientist']),
  c('DS200', 'Data Science with Python', 3, 200, ['CS101', 'STAT200'], ['data science', 'python', 'visualization'], 'Cleaning, exploring and visualising real data sets with pandas.', ['data-scientist']),
  c('UX210', 'Human-Computer Interaction', 3, 200, [], ['user experience', 'design', 'user research'], 'Interaction design, prototyping and usability studies.', ['ux-designer', 'product-manager']),
  c('PM300', 'Product Management for Tech', 3, 300, ['UX210'], ['product management', 'strategy', 'roadmaps'], 'Discovery, prioritisation, roadmaps and working with engineers.', ['product-manager']),
];

/** @typedef {{id: string, title: string, keywords: string[], courses: string[]}} CareerPath */

/** @type {CareerPath[]} Ordered course lists; keywords are matched as phrases in the goal text. */
// biome-ignore format: one path per line reads as a table
export const CAREER_PATHS = [
  { id: 'data-scientist', title: 'Data Scientist', keywords: ['data scientist', 'data science'], courses: ['MATH120', 'CS101', 'STAT200', 'DS200', 'STAT310'] },
  { id: 'ml-engineer', title: 'Machine Learning Engineer', keywords: ['machine learning engineer', 'ml engineer'], courses: ['CS101', 'MATH120', 'CS201', 'MATH220', 'STAT200', 'CS350', 'CS410'] },
  { id: 'software-engineer', title: 'Software Engineer', keywords: ['software engineer', 'software engineering', 'software developer'], courses: ['CS101', 'CS201', 'CS210', 'CS230', 'CS310'] },
  { id: 'web-developer', title: 'Web Developer', keywords: ['web developer', 'web development', 'frontend', 'front-end'], courses: ['CS101', 'CS150', 'CS220', 'CS250'] },
  { id: 'security-engineer', title: 'Security Engineer', keywords: ['security engineer', 'cybersecurity', 'cyber security', 'security career'], courses: ['CS101', 'CS210', 'CS330', 'CS360', 'CS460'] },
  { id: 'data-engineer', title: 'Data Engineer', keywords: ['data engineer', 'database administrator'], courses: ['CS101', 'CS220', 'CS320', 'CS370'] },
  { id: 'product-manager', title: 'Product Manager', keywords: ['product manager', 'product management'], courses: ['CS101', 'UX210', 'PM300'] },
  { id: 'ux-designer', title: 'UX Designer', keywords: ['ux designer', 'user experience', 'interaction designer'], courses: ['CS101', 'CS150', 'UX210', 'CS250'] },
];

const STOPWORDS = new Set(
  (
    'a am an and any are about at available be can class classes course courses cover covers credit credits do does ' +
    'find for get give good have how i im in into is it learn like list looking m me my need of offer offered on or ' +
    'please should show some study take that the there to teach teaches want what which with would you'
  ).split(' '),
);

/** Level words: the level a course must have. `advanced` means 300 and above. */
const LEVEL_WORDS = {
  intro: 100,
  introductory: 100,
  beginner: 100,
  beginners: 100,
  intermediate: 200,
  advanced: 300,
};

/** Abbreviations expanded into the words a course must carry. */
const SYNONYMS = {
  ml: ['machine', 'learning'],
  ai: ['artificial', 'intelligence'],
  db: ['database'],
  stats: ['statistic'],
  cybersecurity: ['security'],
  coding: ['programming'],
};

/** Lower-case, and drop a plural `s` (not `ss`) so "databases" and "database" meet. */
export function normalizeWord(word) {
  const w = word.toLowerCase();
  return w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

function wordsOf(text) {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Parse a free-text query into content terms and filters (level, credits). */
export function parseQuery(query) {
  const text = String(query).toLowerCase();
  const credits = /(\d+)[\s-]*credits?\b/.exec(text);
  /** @type {{terms: string[], level?: number, credits?: number}} */
  const parsed = { terms: [] };
  if (credits) parsed.credits = Number(credits[1]);
  for (const word of wordsOf(text)) {
    if (word in LEVEL_WORDS) parsed.level = LEVEL_WORDS[word];
    else if (/^\d+$/.test(word) || STOPWORDS.has(word)) continue;
    else if (word in SYNONYMS) parsed.terms.push(...SYNONYMS[word]);
    else parsed.terms.push(normalizeWord(word));
  }
  return parsed;
}

function courseWords(course) {
  return new Set([...wordsOf(course.title), ...course.topics.flatMap(wordsOf)].map(normalizeWord));
}

function matchesLevel(course, level) {
  if (level === undefined) return true;
  return level >= 300 ? course.level >= 300 : course.level === level;
}

/**
 * Tool `search_courses`: every course carrying all content terms of the query (title and
 * topic words) and satisfying its level/credit filters, sorted by code.
 * @returns {{code: string, title: string, credits: number, level: number}[]}
 */
export function searchCourses(query) {
  const { terms, level, credits } = parseQuery(query);
  return COURSES.filter((course) => {
    if (!matchesLevel(course, level)) return false;
    if (credits !== undefined && course.credits !== credits) return false;
    const words = courseWords(course);
    return terms.every((term) => words.has(term));
  })
    .map(summarizeCourse)
    .sort((a, b) => compareCodes(a.code, b.code));
}

/** Tool `get_course`: the full record of one course, or undefined. Accepts "cs 101" too. */
export function getCourse(code) {
  const wanted = String(code).replace(/\s+/g, '').toUpperCase();
  return COURSES.find((course) => course.code === wanted);
}

/**
 * Tool `recommend_path`: the career path whose keyword phrase occurs in the goal, minus the
 * courses already completed; undefined when no path matches.
 * @returns {{path: {id: string, title: string}, courses: {code: string, title: string}[]} | undefined}
 */
export function recommendPath(goal, completed = []) {
  const text = String(goal).toLowerCase();
  const path = CAREER_PATHS.find((p) => p.keywords.some((k) => text.includes(k)));
  if (!path) return undefined;
  const done = new Set(completed.map((code) => String(code).replace(/\s+/g, '').toUpperCase()));
  const courses = path.courses
    .filter((code) => !done.has(code))
    .map((code) => summarizeCourse(getCourse(code)));
  return {
    path: { id: path.id, title: path.title },
    courses: courses.map(({ code, title }) => ({ code, title })),
  };
}

export function summarizeCourse(course) {
  return { code: course.code, title: course.title, credits: course.credits, level: course.level };
}

function compareCodes(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function c(code, title, credits, level, prerequisites, topics, description, careers) {
  return { code, title, credits, level, prerequisites, topics, description, careers };
}
