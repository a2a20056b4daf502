package org.maestro.results.reduce;

/**
 * How much an inspector's counter (a router link's {@code deliveryCount}, a queue's {@code MessagesAdded}) grew between
 * two samples of one entity: the one rule by which the report's rate charts and the hop figures add counters up.
 */
public final class CounterGrowth {
    private CounterGrowth() {
    }

    /**
     * @param previous the entity's last value, NaN at its first sample
     * @param appeared whether that first sample is not the file's first: the entity was created during the run, and its
     *                 counter counted from 0 (at the file's first sample nothing is known of what came before)
     * @return the growth: from {@code previous}; after a drop (the SUT or the entity started again from 0) from 0, never
     *         negative, so only what was counted between the last sample and the restart is missing
     */
    public static double between(double previous, double value, boolean appeared) {
        if (Double.isNaN(previous)) {
            return appeared ? value : 0;
        }
        return value >= previous ? value - previous : value;
    }

    /** A value as an inspector's CSV holds it; null when it is not a finite number (blank, text, NaN). */
    public static Double value(String text) {
        try {
            double d = Double.parseDouble(text);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
