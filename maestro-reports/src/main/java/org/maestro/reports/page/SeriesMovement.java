package org.maestro.reports.page;

import org.maestro.results.reduce.CounterGrowth;

/** How far one series of an inspector CSV moved over the run: what {@link InspectorCsv} ranks its lines by. */
final class SeriesMovement {
    final boolean counter;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double increase;
    double last = Double.NaN;
    double lastX = Double.NaN;

    SeriesMovement(boolean counter) {
        this.counter = counter;
    }

    /**
     * @param appeared whether this is the series' first value and the file had samples before it: its entity (a
     *                 link) was created during the run, its counter from 0
     */
    void add(double x, double y, boolean appeared) {
        min = Math.min(min, y);
        max = Math.max(max, y);
        if (Double.isNaN(last) || x > lastX || y < last) {
            increase += CounterGrowth.between(last, y, appeared);
        }
        last = y;
        lastX = x;
    }

    /** A counter's total increase; a gauge's range relative to its size, so bytes and loads rank side by side. */
    double score() {
        if (counter) {
            return increase;
        }
        return max > min ? (max - min) / Math.max(Math.abs(min), Math.abs(max)) : 0;
    }
}
