/** The share intents of an invitation (SMS, WhatsApp, e-mail): links the phone or the mail program opens. */
export function shareIntents(url: string, message: string, subject: string) {
  const text = `${message} ${url}`;
  return {
    sms: `sms:?&body=${encodeURIComponent(text)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`,
  };
}
