// The shapes a sign-in produces, in a file of their own: the auth and two-factor services both use them.

export interface DeviceInfo {
  uuid: string;
  name: string;
  deviceType: 'WEB' | 'ANDROID' | 'IPHONE' | 'IPAD' | 'DESKTOP';
}

export interface IssuedSession {
  token: string;
  rememberMeToken: string | null;
  accountId: string;
  deviceInfo: DeviceInfo;
  latestActivityId: string;
}
