import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { useGetContactQuery, type ContactCard, type ContactItem } from '../api';
import styles from './contacts.module.css';

/** One value of a card, with its type's label (Mobile, Work…) in the account's language when it has one. */
type Value = { value: string; label?: string };

function Rows({ label, values, ltr }: { label: string; values: Array<string | Value>; ltr?: boolean }) {
  if (values.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      {values.map((v, i) => {
        const { value, label: type } = typeof v === 'string' ? { value: v, label: '' } : v;
        return (
          <dd key={`${i}-${value}`} className={styles.cardValue}>
            {type ? <span className={styles.meta}>{type} </span> : null}
            <bdi dir={ltr ? 'ltr' : undefined}>{value}</bdi>
          </dd>
        );
      })}
    </>
  );
}

const addressLines = (card: ContactCard) =>
  card.addresses.map((a) => ({
    label: a.label,
    value: [a.poBox, a.extended, a.street, [a.postalCode, a.locality].filter(Boolean).join(' '), a.region, a.country].filter(Boolean).join(', '),
  }));

/** A contact's full card: every phone, e-mail, address, birthday, organisation, note and its photo. */
export function ContactCardModal({ versionId, contact, onClose }: { versionId: string; contact: ContactItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetContactQuery({ id: versionId, contactId: contact.id });
  const card = data?.data;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={<bdi>{contact.name}</bdi>} data-testid="contact-card">
      {isLoading ? (
        <Spinner size={24} label={t('contacts:loading')} />
      ) : isError || !card ? (
        <Alert tone="error">{t('contacts:card_error')}</Alert>
      ) : (
        <div className={styles.card}>
          {card.photo ? <img src={card.photo} alt={t('contacts:card_photo', { name: card.name })} className={styles.photo} /> : null}
          <dl className={styles.fields}>
            <Rows label={t('contacts:card_nickname')} values={card.nickname ? [card.nickname] : []} />
            <Rows label={t('contacts:card_phones')} values={card.phones} ltr />
            <Rows label={t('contacts:card_emails')} values={card.emails} ltr />
            <Rows label={t('contacts:card_addresses')} values={addressLines(card)} />
            <Rows label={t('contacts:card_birthday')} values={card.birthday ? [card.birthday] : []} ltr />
            <Rows label={t('contacts:card_organization')} values={[card.organization, card.title].filter(Boolean)} />
            <Rows label={t('contacts:card_urls')} values={card.urls} ltr />
            <Rows label={t('contacts:card_note')} values={card.note ? [card.note] : []} />
          </dl>
        </div>
      )}
    </Modal>
  );
}
