/**
 * What a browser does between our authorization URL and the provider's answer: follows the provider's redirects with
 * its cookies, fills in the provider's sign-in form, and stops where the provider hands the result back to us (a
 * redirect with the id_token in the fragment, or Apple-style an auto-submitting form_post page).
 */
export interface ProviderAnswer {
  /** Where the provider sends the browser back (the redirect_uri). */
  redirectUri: string;
  /** id_token, state (or error, error_description), from the fragment or the posted form. */
  fields: Record<string, string>;
  mode: 'fragment' | 'form_post';
}

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export async function signInAtProvider(authorizationUrl: string, login: string): Promise<ProviderAnswer> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) {
        const fields = Object.fromEntries(new URLSearchParams(next.hash.slice(1) || next.search.slice(1)));
        return { redirectUri: `${next.origin}${next.pathname}`, fields, mode: 'fragment' };
      }
      url = next.toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`provider page without a form: ${html.slice(0, 300)}`);
    const target = new URL(decode(action), url);
    if (target.origin !== origin) {
      const fields: Record<string, string> = {};
      for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields[m[1]!] = decode(m[2]!);
      return { redirectUri: target.toString(), fields, mode: 'form_post' };
    }
    // The provider's own page (sign-in, or consent): any password goes; the login names the person.
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1] ?? 'login';
    url = target.toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString(),
    };
  }
  throw new Error('too many steps at the provider');
}
