import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent } from 'react';
import { ApiError, importDataExport } from '../../api';
import { countOf } from '../../formatting/plural';
import styles from './creator.module.css';

/**
 * Uploads the user's TikTok "Download your data" JSON. The server checks it strictly and keeps
 * only the profile part; it supplies content, never proof of ownership (docs/creators.md).
 */
export function DataExportUpload() {
  const upload = useMutation({ mutationFn: importDataExport });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate(await file.text());
  };
  return (
    <div className={styles['field']}>
      <label className={styles['label']} htmlFor="data-export">
        Import your TikTok data export (JSON)
      </label>
      <input
        id="data-export"
        type="file"
        accept="application/json,.json"
        onChange={(event) => void onFile(event)}
      />
      {upload.isPending ? <p className={styles['hint']}>Importing...</p> : null}
      {upload.isError ? (
        <p className={styles['error']} role="alert">
          {upload.error instanceof ApiError ? upload.error.message : 'The file could not be imported.'}
        </p>
      ) : null}
      {upload.data ? (
        <p className={styles['success']}>
          Imported @{upload.data.handle} (
          {countOf(upload.data.followerCount, { one: 'follower', other: 'followers' })}).
        </p>
      ) : null}
    </div>
  );
}
