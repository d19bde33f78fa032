import type { ForyouItem } from '../api';
import { openingOf } from '../kinds';
import { MediaViewer } from './media-viewer';
import { StoryPlayer } from './story-player';

/** The opened item: years-ago, stories and albums play as a story; collages, animations, styled photos and videos show as media. */
export function ItemViewer({ item, onClose }: { item: ForyouItem | null; onClose: () => void }) {
  if (!item) return null;
  return openingOf(item.kind) === 'story' ? <StoryPlayer key={item.id} item={item} onClose={onClose} /> : <MediaViewer key={item.id} item={item} onClose={onClose} />;
}
