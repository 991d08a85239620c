import { FailureBodySchema } from '@gurumatch/shared/schemas/account';
import {
  ArchiveResultSchema,
  CheckContactedSchema,
  CheckReportedSchema,
  CreateEnquiryBodySchema,
  EnquiryCardListSchema,
  EnquiryDetailSchema,
  FeedQueryBodySchema,
  FeedWithFiltersSchema,
  PageQuerySchema,
  ReportBodySchema,
  ReportResultSchema,
  SendMessageBodySchema,
  SendMessageResultSchema,
  StarResultSchema,
  StudentEnquiryListSchema,
  StudentEnquirySchema,
  TotalEnquiriesSchema,
} from '@gurumatch/shared/schemas/enquiries';
import { z } from 'zod';

const failures = {
  400: FailureBodySchema,
  401: FailureBodySchema,
  402: FailureBodySchema,
  403: FailureBodySchema,
  404: FailureBodySchema,
  409: FailureBodySchema,
};

const bearer = [{ bearerAuth: [] }];
const tags = ['enquiries'];

const EnquiryParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const createEnquirySchema = {
  tags,
  summary: 'Post an enquiry (students; at most 3 active, 10 for premium students)',
  security: bearer,
  body: CreateEnquiryBodySchema,
  response: { 201: StudentEnquirySchema, ...failures },
};

export const listOwnEnquiriesSchema = {
  tags,
  summary: "The student's own enquiries, newest first, paged",
  security: bearer,
  querystring: PageQuerySchema,
  response: { 200: StudentEnquiryListSchema, ...failures },
};

export const totalEnquiriesSchema = {
  tags,
  summary: "The student's active enquiries and whether another may be posted",
  security: bearer,
  response: { 200: TotalEnquiriesSchema, ...failures },
};

export const getEnquirySchema = {
  tags,
  summary:
    "An enquiry: the poster's own view, or a tutor's view with contact details masked until contacted",
  security: bearer,
  params: EnquiryParamsSchema,
  response: { 200: EnquiryDetailSchema, ...failures },
};

export const archiveEnquirySchema = {
  tags,
  summary: 'Archive one of the student’s enquiries',
  security: bearer,
  params: EnquiryParamsSchema,
  response: { 200: ArchiveResultSchema, ...failures },
};

export const feedSchema = {
  tags,
  summary: "The tutor feed on the tutor's profile choices, with those choices and addresses",
  security: bearer,
  querystring: PageQuerySchema,
  response: { 200: FeedWithFiltersSchema, ...failures },
};

export const filterFeedSchema = {
  tags,
  summary: 'The tutor feed on chosen filters',
  security: bearer,
  querystring: PageQuerySchema,
  body: FeedQueryBodySchema,
  response: { 200: EnquiryCardListSchema, ...failures },
};

export const tutorListSchema = {
  tags,
  summary: "The tutor's contacted or starred enquiries, paged",
  security: bearer,
  querystring: PageQuerySchema,
  response: { 200: EnquiryCardListSchema, ...failures },
};

export const starSchema = {
  tags,
  summary: 'Star or unstar an enquiry',
  security: bearer,
  params: EnquiryParamsSchema,
  response: { 200: StarResultSchema, ...failures },
};

export const checkContactedSchema = {
  tags,
  summary: 'Whether the tutor has contacted the enquiry, with the contact details if so',
  security: bearer,
  params: EnquiryParamsSchema,
  response: { 200: CheckContactedSchema, ...failures },
};

export const sendMessageSchema = {
  tags,
  summary: 'Contact the poster with a message and price quote (verified tutors only; spends coins)',
  security: bearer,
  params: EnquiryParamsSchema,
  body: SendMessageBodySchema,
  response: { 200: SendMessageResultSchema, ...failures },
};

export const checkReportedSchema = {
  tags,
  summary: 'Whether the tutor has reported the enquiry',
  security: bearer,
  params: EnquiryParamsSchema,
  response: { 200: CheckReportedSchema, ...failures },
};

export const reportSchema = {
  tags,
  summary: 'Report an enquiry',
  security: bearer,
  body: ReportBodySchema,
  response: { 201: ReportResultSchema, ...failures },
};
