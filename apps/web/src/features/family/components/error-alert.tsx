import { Alert } from '@/components/ui/alert';
import { familyErrorCode } from '../api';
import { useFamilyTranslation } from '../use-family-translation';

/** A refused family action, in words (the server's code picks the text); nothing when there is no error. */
export function FamilyError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const { t } = useFamilyTranslation();
  if (!error) return null;
  return (
    <Alert tone="error" onClose={onClose} autoCloseMs={8000} data-testid="family-error">
      {t(`family:error_${familyErrorCode(error)}`)}
    </Alert>
  );
}
