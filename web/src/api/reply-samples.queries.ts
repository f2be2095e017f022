import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getReplySampling,
  listReplySamples,
  rateReplySample,
  type ReplySampleRating,
  setReplySampling,
} from './reply-samples.api';

const samplesKey = (creatorId: string | null) => ['creator', 'reply-samples', creatorId] as const;
const samplingKey = ['reply-sampling'] as const;

/** The creator's sampled replies; sampling happens when replies end, so this only reads. */
export function useReplySamplesQuery(creatorId: string | null) {
  return useQuery({
    queryKey: samplesKey(creatorId),
    queryFn: ({ signal }) => listReplySamples(creatorId!, signal),
    enabled: creatorId !== null,
  });
}

/** A thumbs up or down (or taking it back); the cache takes the server's answer. */
export function useRateReplySampleMutation(creatorId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sampleId, rating }: { sampleId: string; rating: ReplySampleRating | null }) =>
      rateReplySample(creatorId!, sampleId, rating),
    onSuccess: (samples) => client.setQueryData(samplesKey(creatorId), samples),
  });
}

/** The fan's switch: may their replies be sampled for creators' review. */
export function useReplySamplingQuery(enabled = true) {
  return useQuery({ queryKey: samplingKey, queryFn: ({ signal }) => getReplySampling(signal), enabled });
}

export function useReplySamplingMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setReplySampling,
    onSuccess: (sampled) => client.setQueryData(samplingKey, sampled),
  });
}
