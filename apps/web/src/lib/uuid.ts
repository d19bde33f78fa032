/** crypto.randomUUID exists only in secure contexts; fall back to getRandomValues elsewhere. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route parameter can name anything at all (the server only knows canonical uuids). */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID_SHAPE.test(value);
}

/** A route loader that answers 404 for an id no item can have, so the screen shows "not found" in the shell. */
export function requireUuidParam(name: string) {
  return ({ params }: { params: Record<string, string | undefined> }) => {
    if (!isUuid(params[name])) throw new Response(null, { status: 404 });
    return null;
  };
}
