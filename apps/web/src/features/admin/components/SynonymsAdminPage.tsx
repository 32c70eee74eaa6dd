import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { searchSynonymsSchema, type SearchSynonyms } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { translateValidation } from '../../../i18n/validation';
import { useGetSearchSynonymsQuery, useSaveSearchSynonymsMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';

/** The list as the merchant edits it: a group a line, its words apart by commas (Latin or Arabic). */
const toText = (synonyms: SearchSynonyms) => synonyms.groups.map((group) => group.join(', ')).join('\n');
const toGroups = (text: string): string[][] =>
  text
    .split('\n')
    .map((line) =>
      line
        .split(/[,،]/)
        .map((word) => word.trim())
        .filter(Boolean),
    )
    .filter((group) => group.length);

/** Search synonyms: words shoppers type for the same thing, in either language, which searches take for each other. */
export function SynonymsAdminPage() {
  const { t } = useTranslation();
  const query = useGetSearchSynonymsQuery();
  return (
    <>
      <PageHeader title={t('admin.synonyms.title')} subtitle={t('admin.synonyms.subtitle')} />
      <QueryState query={query} lines={6}>
        {(data) => <SynonymsForm synonyms={data} />}
      </QueryState>
    </>
  );
}

function SynonymsForm({ synonyms }: { synonyms: SearchSynonyms }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => toText(synonyms));
  const [error, setError] = useState<string>();
  const [save, { isLoading: saving }] = useSaveSearchSynonymsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = searchSynonymsSchema.safeParse({ groups: toGroups(text) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const line = typeof issue?.path[1] === 'number' ? issue.path[1] + 1 : null;
      const reason = translateValidation(issue?.message) ?? '';
      setError(line === null ? reason : t('admin.synonyms.lineError', { line, reason }));
      return;
    }
    setError(undefined);
    const saved = save(parsed.data).unwrap();
    if (await notifyOutcome(saved, t('admin.toasts.synonymsSaved'))) setText(toText(await saved));
  };

  return (
    <Form noValidate className="dash-card" onSubmit={(event) => void submit(event)}>
      <Form.Group controlId="search-synonyms" className="mb-3">
        <Form.Label>{t('admin.synonyms.label')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={14}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          isInvalid={Boolean(error)}
          aria-describedby="search-synonyms-hint"
        />
        <Form.Text id="search-synonyms-hint">{t('admin.synonyms.hint')}</Form.Text>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={saving}>
        {saving && <Spinner size="sm" className="me-2" aria-hidden />}
        {t('admin.synonyms.save')}
      </Button>
    </Form>
  );
}
