import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';

/** Thumbnails of files chosen but not sent yet; their temporary URLs are released when the choice changes. */
export function ImagePreviews({ files }: { files: File[] }) {
  const { t } = useTranslation();
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (!files.length) return null;
  return (
    <ul className="image-previews list-unstyled" aria-label={t('admin.form.previews')}>
      {files.map((file, index) => (
        <li key={urls[index]}>
          <img src={urls[index]} alt={file.name} width={72} height={72} />
        </li>
      ))}
    </ul>
  );
}
