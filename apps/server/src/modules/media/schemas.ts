import { z } from 'zod';

export const avatarSchema = {
  tags: ['media'],
  summary: 'A public avatar image (WebP)',
  params: z.object({ name: z.string().max(128) }),
  // the image itself on success; a 404 is the usual JSON error
};

export const contentImageSchema = {
  tags: ['media'],
  summary: 'A public image of a blog post or FAQ (JPEG, PNG or WebP)',
  params: z.object({ name: z.string().max(128) }),
};
