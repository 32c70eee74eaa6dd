import { useState, type ComponentProps } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';

type FilePickerProps = Omit<ComponentProps<'input'>, 'type' | 'id' | 'className'> & {
  /** The input's id: the field's own label names it too. */
  id: string;
  isInvalid?: boolean;
};

/**
 * A file box in the page's language. Chromium writes "Choose File" and "No file chosen" in the browser's language,
 * whatever the page's, and no style reaches them; so the real input is only visually hidden (Tab still reaches it,
 * screen readers read it, Playwright's setInputFiles fills it), a second label of it is the button one sees, and the
 * chosen file's name stands beside it, read out as the input's description.
 */
export function FilePicker({ id, isInvalid, multiple, onChange, ...input }: FilePickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<readonly File[]>([]);
  const [first] = chosen;
  const chosenId = `${id}-chosen`;
  return (
    // is-invalid here shows a Form.Control.Feedback after the picker, as on a Form.Control.
    <div className={isInvalid ? 'file-picker is-invalid' : 'file-picker'}>
      <input
        aria-invalid={isInvalid}
        {...input}
        aria-describedby={[chosenId, input['aria-describedby']].filter(Boolean).join(' ')}
        id={id}
        type="file"
        multiple={multiple}
        className="visually-hidden"
        onChange={(event) => {
          setChosen(Array.from(event.target.files ?? []));
          onChange?.(event);
        }}
      />
      <label htmlFor={id} className="btn btn-outline-secondary">
        {t(multiple ? 'admin.filePicker.chooseMany' : 'admin.filePicker.choose')}
      </label>
      <span id={chosenId} className="text-truncate">
        {chosen.length > 1 ? (
          t('admin.filePicker.count', { count: chosen.length })
        ) : first ? (
          // A Latin name keeps its dots and dashes in place inside an Arabic line.
          <bdi>{first.name}</bdi>
        ) : (
          t('admin.filePicker.none')
        )}
      </span>
    </div>
  );
}
