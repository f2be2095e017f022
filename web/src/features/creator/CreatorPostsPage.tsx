import { Banner } from '../../components/Banner';
import { useCreatorPostsQuery, useMyCreatorQuery } from './useCreatorQueries';
import styles from './creator.module.css';

/** `/creator/posts` (spec §2): the creator's posts, newest first by tikTokCreatedAt. */
export function CreatorPostsPage() {
  const creator = useMyCreatorQuery();
  const posts = useCreatorPostsQuery(creator.data?.id ?? null);
  const failed = creator.isError || posts.isError || (creator.isSuccess && !creator.data);
  const loading = !failed && (creator.isPending || posts.isPending);
  const sorted = [...(posts.data ?? [])].sort((a, b) => b.tikTokCreatedAt.localeCompare(a.tikTokCreatedAt));
  return (
    <div className={`page ${styles['page']}`}>
      <div>
        <h1 className={styles['title']}>Posts</h1>
        <p className={styles['subtitle']}>View the posts we&apos;ve analyzed.</p>
      </div>
      {loading ? <p className={styles['hint']}>Loading posts...</p> : null}
      {failed ? <Banner tone="error">Error loading posts</Banner> : null}
      {!loading && !failed && sorted.length === 0 ? <p className={styles['hint']}>No posts found.</p> : null}
      {sorted.length > 0 ? (
        <ul className={styles['posts']}>
          {sorted.map((post) => (
            <li key={post.id} className={styles['post']}>
              {post.coverUrl ? (
                <img className={styles['post__cover']} src={post.coverUrl} alt="" loading="lazy" />
              ) : (
                <div className={styles['post__cover']} aria-hidden="true" />
              )}
              <div className={styles['post__meta']}>
                <span className={styles['post__caption']}>{post.caption}</span>
                <time className={styles['post__time']} dateTime={post.tikTokCreatedAt}>
                  {new Date(post.tikTokCreatedAt).toLocaleString()}
                </time>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
