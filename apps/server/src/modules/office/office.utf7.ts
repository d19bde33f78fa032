// WOPI sends and expects file names in UTF-7 headers (X-WOPI-SuggestedTarget, X-WOPI-RequestedName, …; RFC 2152).

const B64 = /[A-Za-z0-9+/]/;

export function decodeUtf7(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '+') {
      out += ch;
      continue;
    }
    let j = i + 1;
    while (j < text.length && B64.test(text[j]!)) j++;
    const run = text.slice(i + 1, j);
    if (run === '' && text[j] === '-') out += '+';
    else {
      const bytes = Buffer.from(run, 'base64');
      for (let k = 0; k + 1 < bytes.length; k += 2) out += String.fromCharCode(bytes.readUInt16BE(k));
    }
    // A '-' ends the run and is absorbed; any other character is itself.
    i = text[j] === '-' ? j : j - 1;
  }
  return out;
}

/** Printable ASCII except '+' and '\' stays as it is; everything else goes in base64 runs of UTF-16. */
export function encodeUtf7(text: string): string {
  let out = '';
  let run = '';
  const flush = () => {
    if (run === '') return;
    const buf = Buffer.alloc(run.length * 2);
    for (let k = 0; k < run.length; k++) buf.writeUInt16BE(run.charCodeAt(k), k * 2);
    out += `+${buf.toString('base64').replace(/=+$/, '')}-`;
    run = '';
  };
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0x20 && code < 0x7f && ch !== '+' && ch !== '\\' && ch !== '~') {
      flush();
      out += ch;
    } else if (ch === '+') {
      flush();
      out += '+-';
    } else run += ch;
  }
  flush();
  return out;
}
