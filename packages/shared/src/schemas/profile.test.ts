import { describe, expect, it } from 'vitest';

import { OTHER_CLASS_OPTION } from '../catalogues/classes.ts';
import { PROFILE_MESSAGES } from '../messages/profile.ts';

import {
  UpdateProfileBodySchema,
  findProfileUpdateProblem,
  findStudentProfileProblem,
  findTeacherProfileProblem,
  type TeacherProfileDraft,
} from './profile.ts';

const complete: TeacherProfileDraft = {
  bio: 'Maths tutor',
  gender: 'female',
  requirement: 'online',
  interested_classes: ['Class 10'],
  custom_class: '',
  subjects: ['Mathematics'],
  boards: ['CBSE'],
  languages_known: ['English'],
  has_avatar: true,
  has_id_proof: true,
  has_qualification_proof: true,
};

describe('findTeacherProfileProblem', () => {
  it('finds nothing missing in a complete profile', () => {
    expect(findTeacherProfileProblem(complete)).toBeNull();
  });

  it.each([
    { change: { bio: '  ' }, field: 'bio', message: PROFILE_MESSAGES.bioRequired },
    { change: { bio: 'x'.repeat(901) }, field: 'bio', message: PROFILE_MESSAGES.bioTooLong },
    { change: { gender: null }, field: 'gender', message: PROFILE_MESSAGES.genderRequired },
    {
      change: { requirement: '' },
      field: 'requirement',
      message: PROFILE_MESSAGES.requirementRequired,
    },
    {
      change: { interested_classes: [] },
      field: 'interested_classes',
      message: PROFILE_MESSAGES.classesRequired,
    },
    {
      change: { interested_classes: [OTHER_CLASS_OPTION] },
      field: 'custom_class',
      message: PROFILE_MESSAGES.customClassRequired,
    },
    { change: { boards: [] }, field: 'boards', message: PROFILE_MESSAGES.boardsRequired },
    { change: { subjects: [] }, field: 'subjects', message: PROFILE_MESSAGES.subjectsRequired },
    {
      change: { languages_known: [] },
      field: 'languages_known',
      message: PROFILE_MESSAGES.languagesRequired,
    },
    { change: { has_avatar: false }, field: 'avatar', message: 'Please select an avatar file' },
    {
      change: { has_id_proof: false },
      field: 'id_proof',
      message: 'Please select an ID proof file',
    },
    {
      change: { has_qualification_proof: false },
      field: 'qualification_proof',
      message: 'Please select an qualification proof file',
    },
  ])('$field: $message', ({ change, field, message }) => {
    expect(findTeacherProfileProblem({ ...complete, ...change })).toEqual({ field, message });
  });

  it('accepts Other (Specify) with a custom course', () => {
    expect(
      findTeacherProfileProblem({
        ...complete,
        interested_classes: [OTHER_CLASS_OPTION],
        custom_class: 'Vedic Maths',
      }),
    ).toBeNull();
  });
});

describe('findStudentProfileProblem', () => {
  it('asks for an avatar', () => {
    expect(findStudentProfileProblem({ has_avatar: false })?.message).toBe(
      'Please select an avatar file',
    );
    expect(findStudentProfileProblem({ has_avatar: true })).toBeNull();
  });
});

describe('findProfileUpdateProblem', () => {
  it.each([
    { body: { gender: 'other' }, field: 'gender' },
    { body: { requirement: 'both' }, field: 'requirement' },
    { body: { interested_classes: ['Class 99'] }, field: 'interested_classes' },
    { body: { subjects: ['Alchemy'] }, field: 'subjects' },
    { body: { boards: ['Nope'] }, field: 'boards' },
    { body: { languages_known: ['Klingon'] }, field: 'languages_known' },
    { body: { bio: 'x'.repeat(901) }, field: 'bio' },
  ])('refuses $field', ({ body, field }) => {
    expect(findProfileUpdateProblem(body)?.field).toBe(field);
  });

  it('accepts catalogue values and cleared fields', () => {
    expect(
      findProfileUpdateProblem({
        gender: '',
        requirement: 'offline',
        subjects: ['Mathematics'],
        boards: [],
      }),
    ).toBeNull();
  });
});

describe('UpdateProfileBodySchema', () => {
  it('reads one string, a JSON array in a string, or null as lists', () => {
    expect(
      UpdateProfileBodySchema.parse({
        subjects: 'Mathematics',
        boards: '["CBSE","ICSE"]',
        languages_known: null,
      }),
    ).toEqual({ subjects: ['Mathematics'], boards: ['CBSE', 'ICSE'], languages_known: [] });
  });

  it('leaves fields that are not sent out', () => {
    expect(UpdateProfileBodySchema.parse({})).toEqual({});
  });
});
