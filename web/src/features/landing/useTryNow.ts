import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getFeaturedCreator } from '../../api';

/** 'Try Backtalk now!': opens the featured creator's chat, or the creator picker if that fails. */
export function useTryNow(): { tryNow(): Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const tryNow = useCallback(async () => {
    setPending(true);
    try {
      const creator = await getFeaturedCreator();
      navigate(`/@${creator.handle}`);
    } catch (error) {
      console.error('Error loading the featured creator', error);
      navigate('/ai-chat');
    } finally {
      setPending(false);
    }
  }, [navigate]);
  return { tryNow, pending };
}
