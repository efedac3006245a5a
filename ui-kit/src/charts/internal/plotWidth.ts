import { createContext } from 'react';

/**
 * The width of the frame a plot is drawn in, measured just before it is drawn. The plot's responsive
 * container starts at it, where a guess of 640 px was drawn once and then again at the measured width
 * (twice Recharts' whole render, on a phone).
 */
export const PlotWidthContext = createContext<number | undefined>(undefined);
