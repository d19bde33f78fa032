import { Type } from 'typebox';

export const QrLoginStart = Type.Object(
  {
    token: Type.String({ description: 'Secret of the waiting screen; it polls with it.' }),
    code: Type.String({ description: 'What the QR code carries; the approving device sends it.' }),
    approveUrl: Type.String(),
    expiresInSeconds: Type.Integer(),
  },
  { $id: 'QrLoginStart' },
);

export const QrCodeBody = Type.Object({ code: Type.String({ minLength: 16, maxLength: 200 }) });
export const QrCodeQuery = Type.Object({ code: Type.String({ minLength: 16, maxLength: 200 }) });

export const QrLoginRequest = Type.Object(
  {
    deviceName: Type.String(),
    ip: Type.String(),
    createdAt: Type.Integer({ description: 'ms since epoch' }),
    expiresInSeconds: Type.Integer(),
  },
  { $id: 'QrLoginRequest' },
);

export const SilentLoginBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 8192, description: 'JWT signed by the operator gateway.' }),
});
