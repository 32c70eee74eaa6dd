import { useId, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Placeholder from 'react-bootstrap/Placeholder';
import { errorStatus, type ApiError } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { useTranslation } from '../../../i18n/useTranslation';
import { LoadFailed } from '../../../components/LoadFailed';

/** What a screen's states are read from: the result of one RTK Query hook (or of several, through `allOf`). */
export interface LoadingQuery<T> {
  data?: T;
  error?: ApiError;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * Where the states are drawn: on the page itself (the placeholder in a card of its own), inside a card that has no
 * padding (a table's card), or in a dialog's body.
 */
type Within = 'page' | 'card' | 'dialog';

const FRAME: Record<Within, string | undefined> = { page: 'dash-card', card: 'p-3', dialog: undefined };

interface QueryStateProps<T> {
  query: LoadingQuery<T>;
  within?: Within;
  /** The shape of what is coming, when lines of grey bars would not fit it (a grid of cards, a row of figures). */
  placeholder?: ReactNode;
  /** How many grey lines stand for the data while it loads. */
  lines?: number;
  /** The screen's own words for "nothing here"; `when` says when (by default, when the data is an empty list). */
  empty?: { title: string; hint?: ReactNode; when?: (data: T) => boolean };
  /** The screen's words for a 404: what was asked for does not exist, so asking again would not help. */
  notFound?: string;
  /** The screen's content, once the data is in and has something to show. */
  children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The states of a dashboard screen that loads data, the same on every screen: grey placeholders announced as
 * loading; a failed load said as such with a retry, never drawn as an empty list; the screen's own "nothing here"
 * message; then the content.
 */
export function QueryState<T>({
  query,
  within = 'page',
  placeholder,
  lines = 4,
  empty,
  notFound,
  children,
}: QueryStateProps<T>) {
  const { t } = useTranslation();
  const labelId = useId();
  const frame = within === 'page' ? undefined : FRAME[within];
  // Checked before the data: after a failed refetch RTK Query still holds the previous answer, which is no longer
  // what the screen asked for (another page, other filters).
  if (query.isError) {
    const failure =
      notFound && errorStatus(query.error) === 404 ? (
        <Alert variant="danger" className="mb-0">
          {notFound}
        </Alert>
      ) : (
        <LoadFailed onRetry={() => void query.refetch()} />
      );
    return frame ? <div className={frame}>{failure}</div> : failure;
  }
  if (query.isLoading || query.data === undefined)
    return (
      // The words are in the region, so a screen reader says them; the grey bars are only for the eye.
      <div role="status" aria-labelledby={labelId} className={placeholder ? undefined : FRAME[within]}>
        <span id={labelId} className="visually-hidden">
          {t('common.loading')}
        </span>
        <div aria-hidden="true">{placeholder ?? <PlaceholderLines count={lines} />}</div>
      </div>
    );
  const data = query.data;
  if (empty && (empty.when ?? isEmptyList)(data)) {
    const nothing = <EmptyState title={empty.title}>{empty.hint}</EmptyState>;
    return frame ? <div className={frame}>{nothing}</div> : nothing;
  }
  return <>{children(data)}</>;
}

function PlaceholderLines({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <Placeholder key={index} as="p" animation="glow">
      <Placeholder xs={3} /> <Placeholder xs={7} />
    </Placeholder>
  ));
}

/** Several queries as one: loading while any is, failed if any failed, a retry that asks again the failed ones. */
export function allOf<A, B>(a: LoadingQuery<A>, b: LoadingQuery<B>): LoadingQuery<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: a.error ?? b.error,
    isLoading: a.isLoading || b.isLoading,
    isError: a.isError || b.isError,
    refetch: () => {
      if (a.isError) a.refetch();
      if (b.isError) b.refetch();
    },
  };
}
