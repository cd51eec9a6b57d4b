/** Types of catalog.mjs, for TypeScript tests that read the catalog. */
export interface Course {
  code: string;
  title: string;
  credits: number;
  level: number;
  prerequisites: string[];
  topics: string[];
  description: string;
  careers: string[];
}

export interface CourseSummary {
  code: string;
  title: string;
  credits: number;
  level: number;
}

export interface CareerPath {
  id: string;
  title: string;
  keywords: string[];
  courses: string[];
}

export interface PathRecommendation {
  path: { id: string; title: string };
  courses: { code: string; title: string }[];
}

export declare const COURSES: Course[];
export declare const CAREER_PATHS: CareerPath[];
export declare function normalizeWord(word: string): string;
export declare function parseQuery(query: string): { terms: string[]; level?: number; credits?: number };
export declare function searchCourses(query: string): CourseSummary[];
export declare function getCourse(code: string): Course | undefined;
export declare function recommendPath(goal: string, completed?: string[]): PathRecommendation | undefined;
export declare function summarizeCourse(course: Course): CourseSummary;
