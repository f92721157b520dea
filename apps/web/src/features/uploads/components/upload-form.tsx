import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  type CreateUploadBody,
  TERRITORY_UPLOAD_CAP,
  UPLOAD_CSV_COLUMNS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_LINES,
  UPLOAD_TYPES,
  type Upload,
  type UploadType,
} from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { pickableUsersQueryOptions } from '../../../lib/company-users.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSavedFilters } from '../../../lib/saved-filters.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useCreateUpload } from '../api/create-upload.ts';
import { useAccountLists } from '../api/get-account-lists.ts';
import { countUploadLines } from '../utils/count-upload-lines.ts';
import { csvHasColumn, isHeaderlessColumn } from '../utils/csv-has-column.ts';
import { readUploadFile, type UploadFile, type UploadFileProblem } from '../utils/read-upload-file.ts';

type DestinationChoice = 'mine' | 'colleague' | 'list';
const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

const MIN_ROWS = 6;
const MAX_ROWS = 14;

/** The textarea's height in rows: one per line typed, from 6 to 14 (then it scrolls). */
function textRows(text: string): number {
  let rows = 1;
  for (let at = text.indexOf('\n'); at >= 0 && rows < MAX_ROWS; at = text.indexOf('\n', at + 1)) rows++;
  return Math.max(MIN_ROWS, rows);
}

/** What to upload (pasted lines, a file, or a saved filter) and where the accounts go; Upload starts it. */
export function UploadForm({
  onStarted,
  newListAction,
}: {
  onStarted: (upload: Upload) => void;
  /** Makes a new account list; the one it makes becomes the destination. */
  newListAction?: (pick: (listId: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const me = useAuthStore((s) => s.user?.uid ?? '');
  const managesOthers = useAuthStore((s) => s.userIsManager);
  const [type, setType] = useState<UploadType>('WEBSITE');
  const [text, setText] = useState('');
  const [file, setFile] = useState<UploadFile | null>(null);
  const [fileProblem, setFileProblem] = useState<UploadFileProblem | null>(null);
  const [filterId, setFilterId] = useState<string | null>(null);
  const [destination, setDestination] = useState<DestinationChoice>('mine');
  const [colleague, setColleague] = useState<string | null>(null);
  const [listId, setListId] = useState<string | null>(null);
  const filters = useSavedFilters();
  const lists = useAccountLists();
  const users = useQuery({ ...pickableUsersQueryOptions(), enabled: managesOthers });
  const create = useCreateUpload();

  const max = formatNumber(UPLOAD_MAX_LINES, language);
  const byFilter = type === 'FILTER';
  // A one-column CSV whose first line is a value, not a header ("walmart.com"), is read as lines.
  const headerless = !byFilter && file?.format === 'csv' && isHeaderlessColumn(file.text);
  const fileFormat = headerless ? 'lines' : file?.format;
  const lineCount = file ? countUploadLines(file.text, fileFormat ?? 'lines') : countUploadLines(text, 'lines');
  const tooMany = lineCount > UPLOAD_MAX_LINES;
  const accountLists = (lists.data ?? []).filter((l) => l.type === 'accounts');
  const destinationReady =
    destination === 'mine' || (destination === 'colleague' ? Boolean(colleague) : Boolean(listId));
  const noColumn = !byFilter && fileFormat === 'csv' && !csvHasColumn(file?.text ?? '', type);
  const inputReady = byFilter ? Boolean(filterId) : lineCount > 0 && !tooMany && !noColumn;
  // The server's words are English: the reader sees this page's own, by the field the server names.
  const refused = create.isError ? fieldError(create.error, ['input', 'filter_id'], '').field : undefined;
  const error = create.isError
    ? refused === 'filter_id'
      ? { field: 'filter_id' as const, message: t('uploads.form.filterRefused', { max }) }
      : { field: null, message: t('uploads.errors.create') }
    : null;

  async function takeFile(chosen: File | null) {
    if (!chosen) return;
    const read = await readUploadFile(chosen);
    if (typeof read === 'string') {
      setFile(null);
      setFileProblem(read);
      return;
    }
    setFileProblem(null);
    setFile(read);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    void takeFile(event.dataTransfer.files[0] ?? null);
  }

  function submit() {
    const target: CreateUploadBody['destination'] =
      destination === 'list'
        ? { type: 'list', list_id: listId ?? '' }
        : { type: 'territory', ...(destination === 'colleague' && colleague ? { uid: colleague } : {}) };
    const body: CreateUploadBody = byFilter
      ? { type, filter_id: filterId ?? '', destination: target }
      : file
        ? { type, input: file.text, format: fileFormat ?? file.format, file_name: file.name, destination: target }
        : { type, input: text, format: 'lines', destination: target };
    create.mutate(body, {
      onSuccess: (upload) => {
        setText('');
        setFile(null);
        onStarted(upload);
      },
    });
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Select
          label={t('uploads.form.type')}
          data={UPLOAD_TYPES.map((value) => ({ value, label: t(`uploads.type.${value}`) }))}
          value={type}
          onChange={(value) => value && setType(value as UploadType)}
          allowDeselect={false}
          w="100%"
          maw={320}
          data-testid="upload-type"
        />

        {byFilter && filters.isSuccess && filters.data.length === 0 ? (
          // No saved filter to pick: say where one is made rather than open an empty list.
          <Text size="sm" c="dimmed" data-testid="upload-no-filters">
            {t('uploads.form.noFilters')}{' '}
            <Anchor component={Link} to="/MyTerritory" size="sm">
              {t('uploads.form.openMyAccounts')}
            </Anchor>
          </Text>
        ) : byFilter ? (
          <Select
            label={t('uploads.form.filter')}
            placeholder={t('uploads.form.filterPlaceholder')}
            data={(filters.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            value={filterId}
            onChange={setFilterId}
            searchable
            w="100%"
            maw={420}
            error={error?.field === 'filter_id' ? error.message : undefined}
          />
        ) : (
          <>
            {!file && (
              <Textarea
                label={t('uploads.form.input')}
                description={
                  type === 'ACCOUNT_ID'
                    ? t('common.sentences', {
                        first: t('uploads.form.inputHelp', { max }),
                        second: t('uploads.form.idHelp'),
                      })
                    : t('uploads.form.inputHelp', { max })
                }
                // Examples of the type chosen: ids for ids (websites there were refused line by line).
                placeholder={t(`uploads.form.inputPlaceholder.${type}`)}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                // Grows with its lines from the line breaks, not by measuring: autosize laid the
                // whole text out again on every keystroke, over a second each at 50,000 lines.
                rows={textRows(text)}
                data-testid="upload-input"
              />
            )}
            <Paper
              withBorder
              p="md"
              style={{ borderStyle: 'dashed' }}
              onDragOver={(e: DragEvent<HTMLDivElement>) => e.preventDefault()}
              onDrop={onDrop}
              data-testid="upload-drop"
            >
              {file ? (
                <Group justify="space-between">
                  <Text size="sm" data-testid="upload-file">
                    {t('uploads.form.fileChosen', {
                      name: file.name,
                      count: lineCount,
                      lines: formatNumber(lineCount, language),
                    })}
                  </Text>
                  <Button size="xs" variant="subtle" onClick={() => setFile(null)}>
                    {t('uploads.form.clearFile')}
                  </Button>
                </Group>
              ) : (
                <Stack gap={4} align="flex-start">
                  <FileButton onChange={(chosen) => void takeFile(chosen)} accept=".csv,.txt,text/csv,text/plain">
                    {(props) => (
                      <Button
                        {...props}
                        variant="light"
                        size="xs"
                        // Its words wrap on a phone instead of ending in "or clic…".
                        maw="100%"
                        h="auto"
                        mih={30}
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 4 } }}
                      >
                        {t('uploads.form.drop')}
                      </Button>
                    )}
                  </FileButton>
                  <Text size="xs" c="dimmed">
                    {t('uploads.form.dropHelp', { size: MAX_MB })}
                  </Text>
                </Stack>
              )}
              {file && !noColumn && lineCount === 0 && (
                <Text size="sm" c="red" role="alert" mt="xs">
                  {t('uploads.form.headerOnly')}
                </Text>
              )}
              {noColumn && (
                <Text size="sm" c="red" role="alert" mt="xs">
                  {t('uploads.form.noColumn', {
                    // "website, domain, url, company_website, or site": one of them, as the reader's language lists.
                    columns: new Intl.ListFormat(LOCALE_FORMATS[language].locale, { type: 'disjunction' }).format(
                      UPLOAD_CSV_COLUMNS[type as Exclude<UploadType, 'FILTER'>],
                    ),
                  })}
                </Text>
              )}
              {fileProblem && (
                <Text size="sm" c="red" role="alert" mt="xs">
                  {fileProblem === 'tooLarge'
                    ? t('uploads.form.tooLarge', { size: MAX_MB })
                    : t(`uploads.form.${fileProblem}`)}
                </Text>
              )}
            </Paper>
            <Text size="sm" c={tooMany ? 'red' : 'dimmed'} data-testid="upload-line-count">
              {t('uploads.form.lineCount', { lines: formatNumber(lineCount, language), max })}
            </Text>
            {tooMany && (
              <Text size="sm" c="red" role="alert">
                {t('uploads.form.tooManyLines', { max })}
              </Text>
            )}
          </>
        )}

        <Radio.Group
          label={t('uploads.form.destination')}
          value={destination}
          onChange={(value) => setDestination(value as DestinationChoice)}
        >
          <Group gap="lg" mt={4}>
            <Radio value="mine" label={t('uploads.form.myAccounts')} />
            {managesOthers && <Radio value="colleague" label={t('uploads.form.colleagueAccounts')} />}
            <Radio value="list" label={t('uploads.form.list')} data-testid="upload-destination-list" />
          </Group>
        </Radio.Group>
        {/* Said before the upload starts, not only as lines that "did not fit" afterwards. */}
        {!byFilter && destination !== 'list' && lineCount > TERRITORY_UPLOAD_CAP && (
          <Alert color="yellow" data-testid="upload-territory-cap">
            {t('uploads.form.territoryCap', { cap: formatNumber(TERRITORY_UPLOAD_CAP, language) })}
          </Alert>
        )}
        {destination === 'colleague' && (
          <Select
            label={t('uploads.form.colleague')}
            data={(users.data ?? []).filter((u) => u.uid !== me).map((u) => ({ value: u.uid, label: u.display_name }))}
            value={colleague}
            onChange={setColleague}
            searchable
            w="100%"
            maw={320}
          />
        )}
        {destination === 'list' && (
          <Group align="flex-end" gap="sm">
            {lists.isSuccess && accountLists.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('uploads.form.noLists')}
              </Text>
            ) : (
              <Select
                label={t('uploads.form.listPick')}
                data={accountLists.map((l) => ({
                  value: l.id,
                  label: l.workspace_name ? `${l.workspace_name} / ${l.name}` : l.name,
                }))}
                value={listId}
                onChange={setListId}
                placeholder={t('uploads.form.listPlaceholder')}
                searchable
                w="100%"
                maw={420}
                data-testid="upload-list"
              />
            )}
            {newListAction?.((id) => {
              // The new list is picked once the destinations are read again with it.
              lists.refetch().then(() => setListId(id));
            })}
          </Group>
        )}

        {error && error.field === null && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <Group>
          <Button
            onClick={submit}
            disabled={!inputReady || !destinationReady}
            loading={create.isPending}
            data-testid="upload-submit"
          >
            {t('uploads.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
