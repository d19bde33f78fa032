// The prize draw's SMS texts: the page speaks only Turkish and English (spec 000 §2), so do its messages.

export type DrawLanguage = 'tr' | 'en';

export const drawLanguage = (value: string | undefined): DrawLanguage => (value?.toLowerCase() === 'tr' ? 'tr' : 'en');

export function drawOtpText(language: DrawLanguage, otp: string, minutes: number): string {
  const m = Math.max(1, Math.ceil(minutes));
  return language === 'tr'
    ? `Bulut çekiliş doğrulama kodunuz: ${otp}. Kod ${m} dakika geçerlidir, kimseyle paylaşmayın.`
    : `Your Bulut prize draw verification code: ${otp}. It is valid for ${m} minutes; do not share it.`;
}

export function drawWinnerText(language: DrawLanguage, title: string): string {
  return language === 'tr'
    ? `Tebrikler! "${title}" çekilişinde kazananlar arasındasınız. Sizinle yakında iletişime geçeceğiz.`
    : `Congratulations! You are among the winners of the "${title}" draw. We will contact you soon.`;
}
