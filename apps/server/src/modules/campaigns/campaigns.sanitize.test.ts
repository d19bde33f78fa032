import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './campaigns.sanitize.js';
import { canonicalEmail, isSelfReferral, maskName } from './campaigns.rules.js';

// Payloads from the OWASP XSS filter evasion cheat sheet: none may leave a tag, attribute or URL that runs code.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">x</div>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<p title="x" onclick=alert(1)>x</p>',
  '<!--<script>alert(1)</script>-->',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '"><img src=x onerror=alert(1)>',
];

describe('campaign details sanitiser', () => {
  it.each(PAYLOADS)('leaves nothing executable of %s', (payload) => {
    const out = sanitizeRichText(payload);
    // Every tag left is one of ours, with no attribute other than a checked href and the fixed target/rel.
    for (const tag of out.match(/<[^>]*>/g) ?? []) {
      expect(tag).toMatch(/^<\/?(p|br|strong|b|em|i|u|ul|ol|li|h3|h4|blockquote)>$|^<a( href="(https?:|mailto:)[^"<>]*" target="_blank" rel="noopener noreferrer nofollow")?>$|^<\/a>$/);
    }
    expect(out).not.toMatch(/<script|<img|<svg|<iframe|javascript:|vbscript:|data:|on\w+=/i);
  });

  it('keeps the allowed formatting and safe links, escapes text, and closes what was left open', () => {
    expect(sanitizeRichText('<h3>Kurallar</h3><ul><li>Bir</li><li>İki & üç</li></ul><p><a href="https://bulut.example/kosullar">Koşullar</a>')).toBe(
      '<h3>Kurallar</h3><ul><li>Bir</li><li>İki &amp; üç</li></ul><p><a href="https://bulut.example/kosullar" target="_blank" rel="noopener noreferrer nofollow">Koşullar</a></p>',
    );
    expect(sanitizeRichText('1 < 2 and 3 > 2 <br/> <b>x')).toBe('1 &lt; 2 and 3 &gt; 2 <br> <b>x</b>');
  });
});

describe('invitation rules', () => {
  it('masks names as `Ay*** K***`, an e-mail local part when there is no name', () => {
    expect(maskName('Ayşe', 'Kaya', 'a@example.com')).toBe('Ay*** Ka***');
    expect(maskName('İsmail Hakkı', 'Öz', 'a@example.com')).toBe('İs*** Ha*** Öz***');
    expect(maskName('', '', 'zeynep@example.com')).toBe('ze***');
  });

  it('sees one person behind spellings of one address or one phone', () => {
    expect(canonicalEmail('A.Yilmaz+promo@GoogleMail.com')).toBe('ayilmaz@gmail.com');
    const inviter = { email: 'ayse@example.com', phone_e164: '+905321112233', recovery_email: 'ayse.backup@example.org' };
    expect(isSelfReferral(inviter, { email: 'Ayse+2@example.com', phoneE164: '+905320000000' })).toBe(true);
    expect(isSelfReferral(inviter, { email: 'ayse.backup@example.org', phoneE164: '+905320000000' })).toBe(true);
    expect(isSelfReferral(inviter, { email: 'other@example.com', phoneE164: '+905321112233' })).toBe(true);
    expect(isSelfReferral(inviter, { email: 'mehmet@example.com', phoneE164: '+905320000000' })).toBe(false);
  });
});
