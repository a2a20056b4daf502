package org.maestro.results;

/**
 * Student's t distribution: the upper tail (a one-sided p-value) and its inverse (the multiple of the noise a change
 * must pass for a given false-alarm rate). Infinite degrees of freedom is the normal distribution, used when the
 * noise is taken as known. Pure arithmetic: the regularized incomplete beta function by its continued fraction
 * (Numerical Recipes' betacf, Lentz's method) and the complementary error function by its Chebyshev fit (fractional
 * error below 1.2e-7), precise enough for false-alarm rates down to 1e-6.
 */
public final class StudentT {
    private StudentT() {
    }

    /** P(T > t) for {@code dof} degrees of freedom ({@code Double.POSITIVE_INFINITY}: the normal distribution). */
    public static double upperTail(double t, double dof) {
        if (Double.isNaN(t) || Double.isNaN(dof) || dof <= 0) {
            return Double.NaN;
        }
        if (t == Double.POSITIVE_INFINITY) {
            return 0;
        }
        if (t == Double.NEGATIVE_INFINITY) {
            return 1;
        }
        double tail = Double.isInfinite(dof) ? 0.5 * erfc(Math.abs(t) / Math.sqrt(2))
                : 0.5 * incompleteBeta(dof / (dof + t * t), dof / 2, 0.5);
        return t >= 0 ? tail : 1 - tail;
    }

    /** The t with P(T > t) = {@code tail}, for 0 < tail < 1 (bisection on {@link #upperTail}). */
    public static double upperQuantile(double tail, double dof) {
        if (!(tail > 0 && tail < 1) || Double.isNaN(dof) || dof <= 0) {
            return Double.NaN;
        }
        if (tail > 0.5) {
            return -upperQuantile(1 - tail, dof);
        }
        double lo = 0;
        double hi = 1;
        while (upperTail(hi, dof) > tail) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (upperTail(mid, dof) > tail) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** The regularized incomplete beta function I_x(a, b). */
    private static double incompleteBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        // The continued fraction converges fast for x below (a + 1) / (a + b + 2); above it, use the symmetry.
        return x < (a + 1) / (a + b + 2) ? front * betaFraction(x, a, b) / a
                : 1 - front * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m <= 10_000; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    /** ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients: about 15 significant digits). */
    private static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        double z = x - 1;
        double sum = c[0];
        for (int i = 1; i < c.length; i++) {
            sum += c[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    /** erfc(z) for z >= 0 (Numerical Recipes' erfcc). */
    private static double erfc(double z) {
        double t = 1 / (1 + 0.5 * z);
        return t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
                + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
    }
}
