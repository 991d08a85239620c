/**
 * The visitor block 'Explore More Tuition Categories' above the footer (part 1 §2). Nearly all
 * links go to student registration; 'All Tuitions' goes to the blogs.
 */
const STUDENT_REGISTER_HREF = '/student-register';
const BLOGS_HREF = '/blogs';

export interface TuitionCategoryLink {
  readonly label: string;
  readonly href: string;
}

export interface TuitionCategoryGroup {
  readonly title: string;
  readonly links: readonly TuitionCategoryLink[];
}

export const TUITION_CATEGORY_GROUPS: readonly TuitionCategoryGroup[] = [
  {
    title: 'School Tuitions',
    links: [
      { label: 'Class 8 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Class 9 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Class 10 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Class 11 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Class 12 Tuition', href: STUDENT_REGISTER_HREF },
    ],
  },
  {
    title: 'Junior School',
    links: [
      { label: 'Class 6 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Class 7 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Class 1-5 Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Nursery-KG Tuition', href: STUDENT_REGISTER_HREF },
    ],
  },
  {
    title: 'College Tuitions',
    links: [
      { label: 'BTech Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'BCom Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Engineering Diploma Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'BBA Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'BSc Tuition', href: STUDENT_REGISTER_HREF },
    ],
  },
  {
    title: 'Subjects',
    links: [
      { label: 'Mathematics Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'English Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Science Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Physics Tuition', href: STUDENT_REGISTER_HREF },
      { label: 'Hindi Tuition', href: STUDENT_REGISTER_HREF },
    ],
  },
  {
    title: 'More Options',
    links: [
      { label: 'All Tuitions', href: BLOGS_HREF },
      { label: 'Online Tuitions', href: STUDENT_REGISTER_HREF },
      { label: 'NCERT Solutions', href: STUDENT_REGISTER_HREF },
      { label: 'CBSE Syllabus', href: STUDENT_REGISTER_HREF },
    ],
  },
];
