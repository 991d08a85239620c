/**
 * Boards and exams catalogue (part 2 §6 'about 50 boards/exams'), used by the teacher profile
 * and the enquiry form. 'Other' is last.
 */
export const BOARDS = [
  // National and international school boards
  'CBSE',
  'ICSE',
  'ISC',
  'IGCSE',
  'IB',
  'NIOS',
  'Cambridge A Levels',
  // State boards
  'Karnataka State Board',
  'Karnataka PUC',
  'Tamil Nadu State Board',
  'Kerala State Board',
  'Andhra Pradesh State Board',
  'Telangana State Board',
  'Maharashtra State Board',
  'Gujarat State Board',
  'West Bengal State Board',
  'Uttar Pradesh State Board',
  'Bihar State Board',
  'Rajasthan State Board',
  'Madhya Pradesh State Board',
  'Punjab State Board',
  'Haryana State Board',
  'Odisha State Board',
  'Assam State Board',
  'Jharkhand State Board',
  'Chhattisgarh State Board',
  'Himachal Pradesh State Board',
  'Uttarakhand State Board',
  'Jammu and Kashmir State Board',
  'Goa State Board',
  // University level
  'University (Undergraduate)',
  'University (Postgraduate)',
  'Engineering (VTU)',
  'Polytechnic Diploma',
  // Competitive and entrance exams
  'JEE Main',
  'JEE Advanced',
  'NEET',
  'KCET',
  'COMEDK',
  'CUET',
  'BITSAT',
  'CLAT',
  'NDA',
  'CAT',
  'GATE',
  'UPSC',
  'SSC',
  'Bank Exams',
  'Olympiads',
  'SAT',
  'Other',
] as const;

export type Board = (typeof BOARDS)[number];
