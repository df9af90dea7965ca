//! Small SVG bar charts for the markdown report: game lengths and outcomes by
//! deciding rule. Plain SVG text, no fonts or rendering library needed.

use std::fmt::Write as _;

/// A horizontal bar chart: one bar per `(label, value)`, scaled to the largest.
#[must_use]
pub fn bar_chart(title: &str, bars: &[(String, u64)]) -> String {
    let row = 18;
    let label_w = 190;
    let bar_w = 360;
    let height = 40 + row * bars.len().max(1);
    let width = label_w + bar_w + 110;
    let peak = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="8" y="18" font-weight="bold">{}</text>"#,
        escape(title)
    );
    for (i, (label, value)) in bars.iter().enumerate() {
        let y = 30 + row * i;
        let w = (*value as f64 / peak as f64 * bar_w as f64).round() as u64;
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            label_w - 6,
            y + 12,
            escape(label)
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{label_w}" y="{}" width="{w}" height="{}" fill="#4a7ab5"/>"##,
            y + 2,
            row - 4
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">{value}</text>"#,
            label_w as u64 + w + 6,
            y + 12
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn bars_scale_to_the_largest_and_labels_are_escaped() {
        let svg = super::bar_chart("a<b", &[("x&y".into(), 10), ("z".into(), 5)]);
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("a&lt;b") && svg.contains("x&amp;y"));
        assert!(svg.contains(r#"width="360""#) && svg.contains(r#"width="180""#));
    }
}
