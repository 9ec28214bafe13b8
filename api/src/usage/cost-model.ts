/** 2^30 bytes: the GB of GB-month prices and of the tier table's storage. */
export const GB = 1024 ** 3;

export interface CostModel {
  /** US dollars per CPU-second of generation work. */
  cpuSecondPrice: number;
  /** US dollars per GB of song media stored for a month. */
  gbMonthPrice: number;
  /** 'admin' when an admin set either price, else 'environment'. */
  source: 'admin' | 'environment';
}

/**
 * A generation's cost: its CPU-seconds at the CPU price plus one month of storage for its media
 * (docs/generation.md, "Usage and cost").
 */
export function generationCost(model: CostModel, usage: { cpuSeconds: number; storageBytes: number }): number {
  return usage.cpuSeconds * model.cpuSecondPrice + (usage.storageBytes / GB) * model.gbMonthPrice;
}

export const storageCostPerMonth = (model: CostModel, bytes: number): number => (bytes / GB) * model.gbMonthPrice;
