import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { getCreatorData } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useSessionStore } from '../session';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/** Spec §5 creator init, word for word. */
export const CREATOR_INIT_TEXT = {
  blank: 'Please enter a username',
  signedOut: 'User authentication required. Please log in again.',
} as const;

/** Spec §5: the username is the text after the last @ and before any ?. */
export function usernameOf(input: string): string {
  const afterAt = input.slice(input.lastIndexOf('@') + 1);
  return afterAt.split('?')[0]!.trim().replace(/\/+$/, '');
}

const schema = z.object({
  profileUrl: z.string().refine((text) => usernameOf(text).length > 0, CREATOR_INIT_TEXT.blank),
});
type Values = z.infer<typeof schema>;

/**
 * /dev/creator-init: the creator initialisation's test mode (spec §2 "in test mode only, a profile
 * URL input with a 'Get User Data' button"): reads a profile and its videos through the configured
 * content providers, as the pipeline's first steps would, and shows them. Nothing is stored.
 */
export function CreatorInitTestPage() {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  const read = useMutation({ mutationFn: (handle: string) => getCreatorData(handle) });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { profileUrl: '' } });
  const error = form.formState.errors.profileUrl?.message;
  const submit = form.handleSubmit(({ profileUrl }) => {
    if (!signedIn) {
      form.setError('profileUrl', { message: CREATOR_INIT_TEXT.signedOut });
      return;
    }
    read.mutate(usernameOf(profileUrl));
  });
  const data = read.data;
  return (
    <DevPage
      title="Creator Init"
      intro="Reads a TikTok profile and its videos through the configured content providers, as the initialisation pipeline's first steps do. Nothing is stored."
    >
      <form className={styles['dev-card']} noValidate onSubmit={(event) => void submit(event)}>
        <div className={styles['dev-field']}>
          <label htmlFor="creator-init-url">TikTok profile URL</label>
          <input
            id="creator-init-url"
            className={styles['dev-input']}
            placeholder="https://www.tiktok.com/@username"
            autoComplete="off"
            aria-invalid={!!error}
            {...form.register('profileUrl')}
          />
        </div>
        {error ? (
          <p className={styles['dev-error']} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles['dev-actions']}>
          <Button type="submit" pending={read.isPending} pendingLabel="Getting user data…">
            Get User Data
          </Button>
        </div>
      </form>
      {read.isError ? <Banner tone="error">{describeFailure(read.error)}</Banner> : null}
      {data ? (
        <>
          <div className={styles['dev-card']} aria-label="Profile">
            <dl className={styles['dev-pairs']}>
              <dt>Provider</dt>
              <dd>{data.profile.provider}</dd>
              <dt>Handle</dt>
              <dd>@{data.profile.handle}</dd>
              <dt>Name</dt>
              <dd>{data.profile.nickName}</dd>
              <dt>Followers</dt>
              <dd>{data.profile.followerCount.toLocaleString()}</dd>
              <dt>Bio</dt>
              <dd>{data.profile.bio || <span className={styles['dev-muted']}>(empty)</span>}</dd>
              <dt>TikTok user id</dt>
              <dd>{data.profile.tikTokUserId}</dd>
              <dt>Videos</dt>
              <dd>{data.videoCount}</dd>
            </dl>
          </div>
          {data.videos.length === 0 ? (
            <p className={styles['dev-muted']}>This profile has no videos.</p>
          ) : (
            <div className={styles['dev-scroll']}>
              <table className={styles['dev-table']} aria-label="Videos">
                <thead>
                  <tr>
                    <th scope="col">Posted</th>
                    <th scope="col">Description</th>
                    <th scope="col">Captions</th>
                    <th scope="col">Cover</th>
                  </tr>
                </thead>
                <tbody>
                  {data.videos.map((video) => (
                    <tr key={video.awemeId}>
                      <td>{new Date(video.createdAt).toLocaleString()}</td>
                      <td>{video.desc || <span className={styles['dev-muted']}>(none)</span>}</td>
                      <td>{video.hasCaptions ? 'yes' : 'no'}</td>
                      <td>{video.hasCover ? 'yes' : 'no'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </DevPage>
  );
}
