import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Binary, ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { TokenParams } from '../../shared/schemas.js';
import { rawBodies } from '../../infra/http/raw-body.js';
import { EmailField, Otp, OtpTicket, PhoneChange, ProfilePhoto, Reference } from './account.schemas.js';
import type { ContactService } from './contact.service.js';
import type { ProfileService } from './profile.service.js';
import { PHOTO_TYPES } from './profile-photo.js';

const self = { access: { permission: 'self' as const } };
const origin = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;
const conflict = { ...errorResponses, 409: ErrorResponse };

/** Profile fields, e-mail and phone changes (tag `profile`). */
export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService; contact: ContactService }> = async (
  app,
  { profile, contact },
) => {
  app.post(
    '/account/address',
    {
      config: self,
      schema: {
        operationId: 'setAddress',
        summary: 'Set the postal address',
        tags: ['profile'],
        body: Type.Object({ address: Type.String({ maxLength: 500 }) }),
        response: { 200: Type.Object({ address: Type.String() }), ...errorResponses },
      },
    },
    async (req) => ({ address: await profile.setAddress(req.auth!, req.body.address) }),
  );

  app.post(
    '/account/birthday',
    {
      config: self,
      schema: {
        operationId: 'setBirthday',
        summary: 'Set the birthday',
        tags: ['profile'],
        body: Type.Object({ birthday: Type.String({ maxLength: 10 }) }),
        response: { 200: Type.Object({ birthday: Type.String() }), ...errorResponses },
      },
    },
    async (req) => ({ birthday: await profile.setBirthday(req.auth!, req.body.birthday) }),
  );

  app.post(
    '/account/email',
    {
      config: self,
      schema: {
        operationId: 'changeEmail',
        summary: 'Change the e-mail address',
        tags: ['profile'],
        body: Type.Object({ email: EmailField }),
        // The spec answers this call with text.
        response: { 200: Type.String(), ...conflict },
      },
    },
    async (req, reply) => {
      await contact.changeEmail(req.auth!, req.body.email, origin(req));
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );

  app.post(
    '/verify/emailAddress',
    {
      // Public: the link is opened from the mail, perhaps on a device that is not signed in; the token is the proof.
      config: { public: true },
      schema: {
        operationId: 'verifyEmail',
        summary: 'Verify the e-mail address from its link',
        tags: ['profile'],
        body: Type.Object({ token: Reference }),
        response: { 200: Type.Object({ email: Type.String() }), ...conflict },
      },
    },
    async (req) => ({ email: await contact.verifyEmail(req.body.token) }),
  );

  app.post(
    '/verify/sendVerificationEmail',
    {
      config: self,
      schema: {
        operationId: 'resendEmailVerification',
        summary: 'Send the e-mail verification again',
        tags: ['profile'],
        description:
          'Sends the verification link again: to the new address while an e-mail change waits (pendingEmail), else to the account e-mail while it is unverified (400 ALREADY_VERIFIED once it is). At most 5 an hour (429).',
        body: Type.Object({}),
        response: {
          200: Type.Object({ email: Type.String(), pendingEmail: Type.Optional(Type.String()) }),
          ...errorResponses,
        },
      },
    },
    async (req) => contact.resendEmailVerification(req.auth!, origin(req)),
  );

  app.post(
    '/v2/account/updatePhoneNumber',
    {
      config: self,
      schema: {
        operationId: 'updatePhoneNumber',
        summary: 'Change the phone number',
        tags: ['profile'],
        body: PhoneChange,
        response: { 200: OtpTicket, ...conflict },
      },
    },
    async (req) => contact.changePhone(req.auth!, req.body),
  );

  app.post(
    '/v2/account/verifyPhoneNumberToUpdate',
    {
      config: self,
      schema: {
        operationId: 'verifyPhoneNumberToUpdate',
        summary: 'Confirm the new phone number',
        tags: ['profile'],
        body: Type.Object({ referenceToken: Reference, otp: Otp }),
        response: { 200: PhoneChange, ...conflict },
      },
    },
    async (req) => contact.verifyPhoneChange(req.auth!, req.body.referenceToken, req.body.otp),
  );

  app.post(
    '/verify/phoneNumber',
    {
      config: self,
      schema: {
        operationId: 'verifyPhoneNumber',
        summary: 'Verify the phone number',
        tags: ['profile'],
        description: 'Without otp: sends a code to the current phone and answers a ticket. With referenceToken and otp: verifies.',
        body: Type.Object({ referenceToken: Type.Optional(Reference), otp: Type.Optional(Otp) }),
        response: { 200: Type.Union([OtpTicket, Type.Object({ phoneVerified: Type.Literal(true) })]), ...errorResponses },
      },
    },
    async (req) =>
      req.body.otp === undefined
        ? contact.sendPhoneVerification(req.auth!)
        : contact.verifyPhone(req.auth!, req.body.referenceToken, req.body.otp),
  );

  await app.register(async (raw) => {
    // The photo arrives as the raw image: streamed and counted, never buffered whole before the size check.
    rawBodies(raw);
    raw.put(
      '/account/profilePhoto',
      {
        config: self,
        schema: {
          operationId: 'setProfilePhoto',
          summary: 'Upload a profile photo',
          tags: ['profile'],
          description: `The raw image as the body (${PHOTO_TYPES.join(', ')}), at most 10 MB; re-encoded to 512 px.`,
          headers: Type.Object({ 'content-type': Type.Optional(Type.String()) }),
          binaryBody: { mediaTypes: PHOTO_TYPES, description: 'The image, at most 10 MB.' },
          response: { 200: ProfilePhoto, ...errorResponses, 413: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (req) => {
        const body = req.body instanceof Readable ? req.body : Readable.from([]);
        return { url: await profile.setPhoto(req.auth!, req.headers['content-type'], body) };
      },
    );
  });

  app.get(
    '/account/profilePhoto/*',
    {
      exposeHeadRoute: false,
      // Public: an <img> cannot send X-Auth-Token; the signed token is the credential.
      config: { public: true, signedUrl: true },
      schema: {
        operationId: 'getProfilePhoto',
        summary: 'Open a profile photo (signed URL)',
        tags: ['profile'],
        params: TokenParams,
        response: { 200: Binary('image/webp', 'The profile photo.'), 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) =>
      reply
        .type('image/webp')
        // A new photo gets a new key, hence a new URL: the bytes behind one URL never change.
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(await profile.openPhoto(req.params['*'])),
  );

  app.delete(
    '/account/profilePhoto',
    {
      config: self,
      schema: { operationId: 'removeProfilePhoto', summary: 'Remove the profile photo', tags: ['profile'], response: { 200: ProfilePhoto, ...errorResponses } },
    },
    async (req) => {
      await profile.removePhoto(req.auth!);
      return { url: null };
    },
  );
};
