/**
 * Course/class catalogue (part 1 §6, part 2 teacher profile and enquiry forms). Each group below
 * is written once; CLASS_LEVELS is the flat list and CLASS_GROUPS the same items grouped for
 * grouped selects. Choosing OTHER_CLASS_OPTION asks the user for a custom course or topic.
 */
export const OTHER_CLASS_OPTION = 'Other (Specify)';

const SCHOOL_CLASSES = [
  'Nursery',
  'LKG',
  'UKG',
  'Class 1',
  'Class 2',
  'Class 3',
  'Class 4',
  'Class 5',
  'Class 6',
  'Class 7',
  'Class 8',
  'Class 9',
  'Class 10',
  'Class 11',
  'Class 12',
] as const;

const DIPLOMAS = [
  'Engineering Diploma',
  'Diploma in Computer Applications',
  'Diploma in Pharmacy',
  'Diploma in Elementary Education',
  'ITI',
] as const;

const BACHELORS_DEGREES = [
  'BTech',
  'BE',
  'BSc',
  'BCom',
  'BA',
  'BBA',
  'BCA',
  'BArch',
  'BPharm',
  'BEd',
  'BDes',
] as const;

const MASTERS_DEGREES = [
  'MTech',
  'ME',
  'MSc',
  'MCom',
  'MA',
  'MBA',
  'MCA',
  'MPharm',
  'MEd',
] as const;

const MEDICAL_DEGREES = [
  'MBBS',
  'BDS',
  'BAMS',
  'BHMS',
  'BUMS',
  'BPT',
  'Nursing',
  'MD',
  'MDS',
] as const;

const LAW_DEGREES = ['LLB', 'BA LLB', 'LLM'] as const;

const LANGUAGE_TESTS = ['IELTS', 'TOEFL', 'PTE', 'Duolingo English Test'] as const;

const FOREIGN_LANGUAGES = [
  'French',
  'German',
  'Spanish',
  'Japanese',
  'Mandarin Chinese',
  'Korean',
  'Arabic',
  'Italian',
  'Russian',
] as const;

const COMPETITIVE_EXAMS = [
  'UPSC',
  'KPSC',
  'SSC',
  'NEET',
  'NEET PG',
  'JEE Main',
  'JEE Advanced',
  'KCET',
  'COMEDK',
  'CUET',
  'BITSAT',
  'GATE',
  'CAT',
  'CLAT',
  'NDA',
  'CDS',
  'AFCAT',
  'Bank PO',
  'Bank Clerk',
  'Railway Exams',
  'UGC NET',
  'CTET',
  'SAT',
  'GRE',
  'GMAT',
  'Olympiads',
] as const;

const PROFESSIONAL_CERTIFICATES = ['CA', 'CS', 'CMA', 'CPA', 'CFA', 'ACCA', 'FRM'] as const;

const SKILL_COURSES = [
  'Coding for Kids',
  'Spoken English',
  'Public Speaking',
  'Personality Development',
  'Handwriting Improvement',
  'Phonics',
  'Abacus',
  'Vedic Maths',
  'Computer Basics',
  'Web Development',
  'Data Science',
  'Music',
  'Dance',
  'Drawing and Painting',
  'Chess',
  'Yoga',
] as const;

export const CLASS_LEVELS = [
  ...SCHOOL_CLASSES,
  ...DIPLOMAS,
  ...BACHELORS_DEGREES,
  ...MASTERS_DEGREES,
  ...MEDICAL_DEGREES,
  ...LAW_DEGREES,
  ...LANGUAGE_TESTS,
  ...FOREIGN_LANGUAGES,
  ...COMPETITIVE_EXAMS,
  ...PROFESSIONAL_CERTIFICATES,
  ...SKILL_COURSES,
  OTHER_CLASS_OPTION,
] as const;

export type ClassLevel = (typeof CLASS_LEVELS)[number];

export interface ClassGroup {
  readonly label: string;
  readonly items: readonly ClassLevel[];
}

export const CLASS_GROUPS: readonly ClassGroup[] = [
  { label: 'School', items: SCHOOL_CLASSES },
  { label: 'Diplomas', items: DIPLOMAS },
  { label: "Bachelor's Degrees", items: BACHELORS_DEGREES },
  { label: "Master's Degrees", items: MASTERS_DEGREES },
  { label: 'Medical Degrees', items: MEDICAL_DEGREES },
  { label: 'Law Degrees', items: LAW_DEGREES },
  { label: 'Language Tests', items: LANGUAGE_TESTS },
  { label: 'Foreign Languages', items: FOREIGN_LANGUAGES },
  { label: 'Competitive Exams', items: COMPETITIVE_EXAMS },
  { label: 'Professional Certificates', items: PROFESSIONAL_CERTIFICATES },
  { label: 'Skill Courses', items: SKILL_COURSES },
  { label: 'Other', items: [OTHER_CLASS_OPTION] },
];
