/** What a suggestion names (the server's kinds) or a recent search kept on this device. */
export type SearchOptionKind = 'RECENT' | 'NAME' | 'FOLDER' | 'ALBUM' | 'MONTH' | 'CAMERA' | 'PERSON' | 'PLACE' | 'THING';

/** One entry of the suggestion list; `open` does what picking it means (search, or go to the item). */
export interface SearchOption {
  key: string;
  label: string;
  kind: SearchOptionKind;
  open(): void;
}

/** The DOM id of an option, shared by the box (aria-activedescendant) and the list that renders it. */
export function searchOptionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}
