/**
 * Volume indicators (MT5's "Volumes" group): iAD, iMFI, iOBV, iVolumes, each a transcription of
 * the OnCalculate of MT5's AD, MFI, OBV and Volumes. `volume` is ENUM_APPLIED_VOLUME
 * (VOLUME_TICK = 0 reads tick_volume, anything else real_volume, as MT5's sources test it).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { Series } from "../series.ts";
import { appliedVolume, at, type Engine } from "./core.ts";
import { adOfBar } from "./oscillators.ts";

/** AD.mq5: cumulative accumulation/distribution from bar 0. */
export class AdEngine implements Engine {
  readonly ad: number[] = [];
  readonly buffers = [this.ad];
  readonly allBuffers = [this.ad];
  readonly lookback = 2;
  readonly shift = 0;
  constructor(readonly volume: number) {}
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < 2) {
      return 0;
    }
    for (let i = Math.max(prev - 1, 0); i < ratesTotal; i += 1) {
      this.ad[i] = adOfBar(s, i, this.volume) + (i > 0 ? at(this.ad, i - 1) : 0);
    }
    return ratesTotal;
  }
}

/**
 * MFI.mq5: 100 − 100 / (1 + positive flow / negative flow) over `period` bars, a bar's flow being
 * its typical price × volume, positive when the typical price rose; 100 without negative flow.
 */
export class MfiEngine implements Engine {
  readonly mfi: number[] = [];
  readonly buffers = [this.mfi];
  readonly allBuffers = [this.mfi];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly volume: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    const tp = (i: number): number => (at(s.high, i) + at(s.low, i) + at(s.close, i)) / 3;
    for (let i = Math.max(prev - 1, p); i < ratesTotal; i += 1) {
      let positive = 0;
      let negative = 0;
      let current = tp(i);
      for (let j = 1; j <= p; j += 1) {
        const index = i - j;
        const previous = tp(index);
        if (current > previous) {
          positive += appliedVolume(s, index + 1, this.volume) * current;
        }
        if (current < previous) {
          negative += appliedVolume(s, index + 1, this.volume) * current;
        }
        current = previous;
      }
      this.mfi[i] = negative !== 0 ? 100 - 100 / (1 + positive / negative) : 100;
    }
    return ratesTotal;
  }
}

/** OBV.mq5: volume added on an up close, subtracted on a down close; starts at bar 0's volume. */
export class ObvEngine implements Engine {
  readonly obv: number[] = [];
  readonly buffers = [this.obv];
  readonly allBuffers = [this.obv];
  readonly lookback = 2;
  readonly shift = 0;
  constructor(readonly volume: number) {}
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < 2) {
      return 0;
    }
    let pos = prev - 1;
    if (pos < 1) {
      pos = 1;
      this.obv[0] = appliedVolume(s, 0, this.volume);
    }
    for (let i = pos; i < ratesTotal; i += 1) {
      const vol = appliedVolume(s, i, this.volume);
      const before = at(s.close, i - 1);
      const now = at(s.close, i);
      const last = at(this.obv, i - 1);
      this.obv[i] = now < before ? last - vol : now > before ? last + vol : last;
    }
    return ratesTotal;
  }
}

/** Volumes.mq5: the volume, colour 0 (green) when above the previous bar's, else 1 (red). */
export class VolumesEngine implements Engine {
  readonly volumes: number[] = [];
  readonly colors: number[] = [];
  readonly buffers = [this.volumes, this.colors];
  readonly allBuffers = [this.volumes, this.colors];
  readonly lookback = 2;
  readonly shift = 0;
  constructor(readonly volume: number) {}
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < 2) {
      return 0;
    }
    this.volumes[0] = appliedVolume(s, 0, this.volume);
    this.colors[0] = 0;
    for (let i = Math.max(prev - 1, 1); i < ratesTotal; i += 1) {
      const now = appliedVolume(s, i, this.volume);
      this.volumes[i] = now;
      this.colors[i] = now > appliedVolume(s, i - 1, this.volume) ? 0 : 1;
    }
    return ratesTotal;
  }
}
