// Greedy grouping of questions by meaning: the same question asked ten ways becomes one group.
// Exact repeats (same words, case and punctuation aside) are merged first, without vectors.

/** Cosine at or above which a question joins a group (its centroid). Measured with the local
 * model (use-lite-512) on test/quality/question-groups-set.ts: see docs/insights.md. */
export const GROUPING_THRESHOLD = 0.6;

export interface GroupableQuestion {
  id: string;
  text: string;
  createdAt: number;
}

export interface QuestionGroup<T extends GroupableQuestion> {
  /** The most asked wording (the earliest of equals). */
  question: string;
  count: number;
  /** The distinct wordings, most asked first. */
  wordings: string[];
  members: T[];
  lastAskedAt: number;
}

/** Lower case, punctuation and repeated spaces removed: what makes two wordings the same. */
export function wordingKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Cluster<T> {
  centroid: Float32Array;
  members: T[];
}

/**
 * Groups questions whose vectors (unit length, one per distinct wording) are within `threshold`
 * of a group's centroid. Wordings are visited most asked first, so a group forms around its
 * commonest phrasing; groups come back largest first (then most recent).
 */
export function groupQuestions<T extends GroupableQuestion>(
  questions: readonly T[],
  vectorOf: (wording: string) => Float32Array | undefined,
  threshold = GROUPING_THRESHOLD,
): QuestionGroup<T>[] {
  const byWording = new Map<string, T[]>();
  for (const question of questions) {
    const key = wordingKey(question.text);
    const same = byWording.get(key);
    if (same) same.push(question);
    else byWording.set(key, [question]);
  }
  const wordings = [...byWording.values()].sort(
    (a, b) => b.length - a.length || (a[0] as T).createdAt - (b[0] as T).createdAt,
  );
  const clusters: Array<Cluster<T[]>> = [];
  for (const same of wordings) {
    const vector = vectorOf(wordingKey((same[0] as T).text));
    let best: Cluster<T[]> | undefined;
    let bestCosine = threshold;
    if (vector) {
      for (const cluster of clusters) {
        const cosine = dot(cluster.centroid, vector) / (norm(cluster.centroid) || 1);
        if (cosine >= bestCosine) {
          best = cluster;
          bestCosine = cosine;
        }
      }
    }
    if (best && vector) {
      best.members.push(same);
      for (let d = 0; d < vector.length; d += 1)
        best.centroid[d] = (best.centroid[d] as number) + (vector[d] as number);
    } else {
      clusters.push({ centroid: vector ? Float32Array.from(vector) : new Float32Array(0), members: [same] });
    }
  }
  return mergeClose(clusters, threshold)
    .map((cluster) => toGroup(cluster.members))
    .sort((a, b) => b.count - a.count || b.lastAskedAt - a.lastAskedAt);
}

/** A second pass: a wording left alone joins the group whose final centroid it is close enough
 * to. The greedy pass depends on the order it meets wordings in; this lets a wording met before
 * its group had formed join it after all. */
function mergeClose<T>(clusters: Array<Cluster<T>>, threshold: number): Array<Cluster<T>> {
  const kept = clusters.filter((cluster) => cluster.members.length > 1 || cluster.centroid.length === 0);
  for (const single of clusters) {
    if (kept.includes(single)) continue;
    let best: Cluster<T> | undefined;
    let bestCosine = threshold;
    for (const cluster of kept) {
      if (cluster.centroid.length === 0) continue;
      const cosine = dot(cluster.centroid, single.centroid) / (norm(cluster.centroid) || 1);
      if (cosine >= bestCosine) {
        best = cluster;
        bestCosine = cosine;
      }
    }
    if (best) best.members.push(...single.members);
    else kept.push(single);
  }
  return kept;
}

function toGroup<T extends GroupableQuestion>(wordings: T[][]): QuestionGroup<T> {
  const members = wordings.flat();
  return {
    question: (wordings[0]?.[0] as T).text,
    count: members.length,
    wordings: wordings.map((same) => (same[0] as T).text),
    members,
    lastAskedAt: Math.max(...members.map((member) => member.createdAt)),
  };
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let d = 0; d < length; d += 1) sum += (a[d] as number) * (b[d] as number);
  return sum;
}

function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}
