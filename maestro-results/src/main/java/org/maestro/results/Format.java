package org.maestro.results;

import java.math.BigDecimal;
import java.math.MathContext;

/** Numbers as people read them in a table: four significant digits, no trailing zeros, no exponent. */
public final class Format {
    private Format() {
    }

    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "\u221e" : "-\u221e";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(Math.abs(v) >= 1000 ? 7 : 4)).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }
}
