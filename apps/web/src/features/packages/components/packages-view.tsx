import { PackagesPage } from './packages-screen';
import styles from './packages.module.css';

/** The mobile app's payment web view (W2) for a package chosen in this view. */
const VIEW_PAYMENT_PATH = '/view/pack-payment';

/** /view/packages: the packages screen without the shell, for the mobile app's web view. */
export function PackagesView() {
  return (
    <main className={styles.view} id="main-content">
      <PackagesPage paymentPath={VIEW_PAYMENT_PATH} heading />
    </main>
  );
}
