import { ReasonDialog, type ReasonDialogProps } from './reason-dialog';

export type ActionDialogProps = Omit<ReasonDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void };

/**
 * A reason dialog that exists while its action is chosen: render it for the chosen subject (an operator, a config key,
 * a version) and drop it on `onClose`, so its fields start fresh for every subject.
 */
export function ActionDialog({ onClose, ...props }: ActionDialogProps) {
  return <ReasonDialog open onOpenChange={(open) => (open ? undefined : onClose())} {...props} />;
}
