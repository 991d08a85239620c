import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Marathahalli sits where the Outer Ring Road meets Old Airport Road, surrounded by tech parks and apartment complexes. It is known across the city for its many software-training institutes, and New Horizon College of Engineering on the Outer Ring Road brings a large student population to the area.',
  landmarks: [
    'New Horizon College of Engineering',
    'Marathahalli bridge',
    'Outer Ring Road tech parks',
    'Kundalahalli Gate',
  ],
  popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Computer Science', 'Python', 'Java'],
  popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board', 'Engineering (VTU)'],
  nearbyAreas: ['whitefield-bangalore', 'bellandur-bangalore'],
  nearbyLocalities: [
    'Kundalahalli',
    'Munnekolala',
    'Kadubeesanahalli',
    'Brookefield',
    'Spice Garden',
  ],
  travel:
    'Traffic on the Outer Ring Road and around Marathahalli bridge is heavy at peak hours, so families usually pick tutors who live within a few kilometres. Online classes are popular here, especially for programming and for senior classes.',
  faqs: [
    {
      question: 'Can I find a coding or Python tutor for school students in Marathahalli?',
      answer:
        'Yes. Marathahalli has many software professionals and trainers who teach Python, Java and Scratch to school students, and Computer Science for CBSE and ICSE.',
    },
    {
      question: 'Do tutors in Marathahalli help engineering students?',
      answer:
        'Yes. Tutors near New Horizon College of Engineering and the Outer Ring Road teach engineering subjects such as programming, Data Structures and Engineering Mathematics.',
    },
    {
      question: 'Is online tuition a good option in Marathahalli?',
      answer:
        'Often, yes. It saves time lost in Outer Ring Road traffic, and you can still meet your tutor in person for a demo class or occasional revision sessions.',
    },
  ],
};
