import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { VerifyEmailBanner } from '@/features/account/components/verify-email-banner';
import { getProfileQueryOptions } from '@/features/auth/api/get-profile';
import { displayName } from '@/features/auth/utils/user-display';
import { getEntitiesQueryOptions } from '@/lib/queries/get-entities';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import { ExpenseDialog } from '@/features/expenses/components/expense-dialog';
import { ExpenseList } from '@/features/expenses/components/expense-list';
import { SummaryCards } from '@/features/expenses/components/summary-cards';
import { exportFiltersOf, readListFilters } from '@/features/expenses/utils/list-filters';
import { ReprocessButton } from '@/features/receipts/components/reprocess-button';
import { UploadCard } from '@/features/receipts/components/upload-card';
import { EmailForwardingBanner } from '@/features/settings/components/email-forwarding-banner';
import { EmailIntegrationPanel } from '@/features/settings/components/email-integration-panel';
import { EmailStatusIndicator } from '@/features/settings/components/email-status-indicator';
import { SettingsFeedbackButtons } from '@/features/feedback/components/settings-feedback-buttons';
import { HelpTooltip } from '@/features/help/components/help-tooltip';
import {
  OfflineNotice,
  SharedFilesReview,
  ShareFailedNotice,
  UploadQueuePanel,
  useOfflineCapture,
} from '@/features/offline-capture';
import { useSession } from '@/features/auth/hooks/use-session';
import { lastEntity, rememberEntity } from '@/features/receipts/utils/last-entity';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { Expense } from '@/types/api';
import { SignedInHeader, useSignedInUser } from './signed-in-header';
import './dashboard.css';

// The export and settings dialogs load (and first render) when first opened, not with the page.
const ExportDialog = lazy(() =>
  import('@/features/export/components/export-dialog').then((m) => ({ default: m.ExportDialog })),
);
const SettingsDialog = lazy(() =>
  import('@/features/settings/components/settings-dialog').then((m) => ({
    default: m.SettingsDialog,
  })),
);

// One function for every render, so the memoised expense cards are not drawn again for it.
const reprocessAction = (expense: Expense) => <ReprocessButton expense={expense} />;

/**
 * /dashboard (protected): the header with its actions, the summary cards, the email panel and
 * the expense list, each section in its own error boundary, and the settings dialog. Entity
 * changes in settings refresh the list.
 */
export function DashboardRoute() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const openSettings = () => setSettingsOpen(true);
  const exportOpened = useOpenedOnce(exportOpen);
  const settingsOpened = useOpenedOnce(settingsOpen);
  // Offline capture hands the upload card what it keeps, holds and follows on the device.
  const session = useSession();
  const userId = session.user?.id ?? null;
  const refreshExpenses = useCallback(
    () => void reloadQueries(queryClient, EXPENSES_KEY),
    [queryClient],
  );
  const offline = useOfflineCapture(userId, session.token, refreshExpenses);
  // An upload opened from the upload card, wherever the list sorts it.
  const [openedExpense, setOpenedExpense] = useState<string | null>(null);
  // The list's search and filters (in the URL): the summary cards and the export take them.
  const [params] = useSearchParams();
  const paramsKey = params.toString();
  const listFilters = useMemo(
    () => exportFiltersOf(readListFilters(new URLSearchParams(paramsKey))),
    [paramsKey],
  );

  return (
    <div className="app-shell">
      <SignedInHeader
        actions={
          <>
            <EmailStatusIndicator user={user} onClick={openSettings} />
            <Link to={paths.statistics} className={buttonClassName('ghost', 'sm')}>
              Analytics
            </Link>
            <button
              type="button"
              className={buttonClassName('ghost', 'sm')}
              onClick={() => setExportOpen(true)}
            >
              Export
            </button>
            <button type="button" className={buttonClassName('ghost', 'sm')} onClick={openSettings}>
              Settings
            </button>
            <HelpTooltip article="category-management" label="Managing entities and tags" />
            <Link to={paths.accountSettings} className={buttonClassName('ghost', 'sm')}>
              Account
            </Link>
            <Link to={paths.subscription} className={buttonClassName('ghost', 'sm')}>
              Subscription
            </Link>
          </>
        }
      />
      <main className="container dashboard" id="main">
        <div className="dashboard__intro">
          <h1 className="dashboard__title">
            Welcome, {displayName(user)}
            <HelpTooltip article="first-receipt" label="How to add your first receipt" />
          </h1>
          <p className="dashboard__email">Signed in as {user?.email}</p>
        </div>
        <OfflineNotice online={offline.queue.online} />
        <ShareFailedNotice failed={offline.shareFailed} />
        <SectionErrorBoundary name="shared files">
          <SharedFilesReview onUpload={offline.uploadShared} />
        </SectionErrorBoundary>
        {user ? (
          <SectionErrorBoundary name="email-status">
            <VerifyEmailBanner
              user={user}
              onEmailAdded={() => void queryClient.invalidateQueries(getProfileQueryOptions())}
            />
          </SectionErrorBoundary>
        ) : null}
        <SectionErrorBoundary name="email forwarding">
          <EmailForwardingBanner user={user} onOpenSettings={openSettings} />
        </SectionErrorBoundary>
        <SectionErrorBoundary name="summary">
          <SummaryCards filters={listFilters} />
        </SectionErrorBoundary>
        <div className="dashboard__columns">
          <aside className="dashboard__side">
            <SectionErrorBoundary name="upload">
              <UploadCard
                {...offline.forUploadCard}
                defaultEntity={lastEntity(userId)}
                onEntityChange={(entity) => rememberEntity(userId, entity)}
                onOpenExpense={setOpenedExpense}
              />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="waiting uploads">
              <UploadQueuePanel
                items={offline.queue.items}
                onRetry={offline.queue.retry}
                onDiscard={offline.queue.discard}
              />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="email integration">
              <p className="dashboard__help">
                Forwarding receipts by email?
                <HelpTooltip article="email-formats" label="Which emails and files work" />
              </p>
              <EmailIntegrationPanel
                address={user?.snaptrack_email}
                onOpenSettings={openSettings}
              />
            </SectionErrorBoundary>
          </aside>
          <div className="dashboard__main">
            <SectionErrorBoundary name="expenses">
              <ExpenseList renderActions={reprocessAction} />
            </SectionErrorBoundary>
          </div>
        </div>
      </main>
      <ExpenseDialog
        expenseId={openedExpense}
        onClose={() => setOpenedExpense(null)}
        renderActions={reprocessAction}
      />
      <Suspense fallback={null}>
        {exportOpened ? (
          <ExportDialog
            open={exportOpen}
            onClose={() => setExportOpen(false)}
            listFilters={listFilters}
          />
        ) : null}
        {settingsOpened ? (
          <SettingsDialog
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            feedbackSlot={<SettingsFeedbackButtons />}
            onSaved={() => {
              void reloadQueries(queryClient, getEntitiesQueryOptions().queryKey, EXPENSES_KEY);
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
