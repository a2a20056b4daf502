package org.maestro.common.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class UnitFormatExceptionTest {

    @Test
    void namesTheKindQuotesTheTextAndShowsExamples() {
        UnitFormatException e = new UnitFormatException("rate", "fast", "a rate like 1000/s");
        assertEquals("bad rate 'fast': expected a rate like 1000/s", e.getMessage());
        assertEquals("rate", e.kind());
        assertEquals("fast", e.text());
    }

    @Test
    void saysWhatIsWrongWhenGiven() {
        UnitFormatException e = new UnitFormatException("rate", "99999999999999999999", "too large",
                "a rate like 1000/s");
        assertEquals("bad rate '99999999999999999999': too large; expected a rate like 1000/s", e.getMessage());
    }

    @Test
    void saysWhenNoTextWasGiven() {
        UnitFormatException e = new UnitFormatException("rate", null, "a rate like 1000/s");
        assertEquals("bad rate: no text given (null); expected a rate like 1000/s", e.getMessage());
        assertNull(e.text());
    }

    @Test
    void isAnIllegalArgumentException() {
        assertInstanceOf(IllegalArgumentException.class, new UnitFormatException("rate", "x", "1000/s"));
    }
}
