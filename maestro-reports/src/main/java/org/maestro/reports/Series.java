package org.maestro.reports;

import org.maestro.results.reduce.TimeBuckets;

import java.util.Arrays;

/**
 * One line of a chart: a label and (x, y) points held in two growable primitive arrays (no boxing).
 * On time charts x is seconds since the run's origin.
 */
public final class Series {
    public final String label;
    private double[] xs = new double[16];
    private double[] ys = new double[16];
    private int size;

    public Series(String label) {
        this.label = label;
    }

    public void add(double x, double y) {
        if (size == xs.length) {
            xs = Arrays.copyOf(xs, size * 2);
            ys = Arrays.copyOf(ys, size * 2);
        }
        xs[size] = x;
        ys[size] = y;
        size++;
    }

    public int size() {
        return size;
    }

    public double x(int i) {
        return xs[i];
    }

    public double y(int i) {
        return ys[i];
    }

    /**
     * Counts as a rate per second from the first to the last non-empty bucket, empty buckets included as zero;
     * x is the bucket's start in seconds from the origin.
     */
    public static Series of(String label, TimeBuckets counts) {
        Series s = new Series(label);
        int width = counts.bucketSeconds();
        for (int b = counts.minSecond(); !counts.isEmpty() && b <= counts.maxSecond(); b++) {
            s.add((double) b * width, counts.get(b) / (double) width);
        }
        return s;
    }
}
