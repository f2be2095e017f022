import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { testEssence } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/**
 * /dev/test-essence (spec §4 "Essence test: disabled when content is blank", §7
 * testEssenceGenerationFunc({content})): the persona essence the pipeline would write, generated
 * from pasted content (one post per paragraph) by the configured model. Nothing is stored.
 */
export function TestEssencePage() {
  const [content, setContent] = useState('');
  const generate = useMutation({ mutationFn: (text: string) => testEssence(text) });
  const blank = content.trim().length === 0;
  return (
    <DevPage
      title="Test Essence"
      intro="Paste captions or transcripts, one post per paragraph, and generate the persona essence the initialisation pipeline would write. Nothing is stored."
    >
      <div className={styles['dev-card']}>
        <div className={styles['dev-field']}>
          <label htmlFor="essence-content">Content</label>
          <textarea
            id="essence-content"
            className={styles['dev-textarea']}
            value={content}
            maxLength={20_000}
            onChange={(event) => setContent(event.target.value)}
          />
        </div>
        <div className={styles['dev-actions']}>
          <Button
            disabled={blank}
            pending={generate.isPending}
            pendingLabel="Generating…"
            onClick={() => generate.mutate(content)}
          >
            Generate essence
          </Button>
        </div>
      </div>
      {generate.isError ? <Banner tone="error">{describeFailure(generate.error)}</Banner> : null}
      {generate.data ? (
        <div className={styles['dev-card']} aria-label="Essence">
          <pre className={styles['dev-pre']}>{generate.data}</pre>
        </div>
      ) : null}
    </DevPage>
  );
}
