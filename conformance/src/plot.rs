//! The reports' SVG charts, drawn with plotters' SVG backend (no fonts
//! loaded: the SVG names a font family and the viewer draws the text):
//! horizontal bar charts (a simulation's game lengths and outcomes by
//! deciding rule), paired bars (two runs' shares side by side) and overlaid
//! lines (two runs' length distributions).

use plotters::coord::Shift;
use plotters::prelude::*;

/// A chart that could not be drawn (plotters' error, which for the SVG
/// backend drawing into a string does not happen in practice).
#[derive(Debug, thiserror::Error)]
#[error("drawing the chart `{title}`: {message}")]
pub struct PlotError {
    /// The chart's title.
    pub title: String,
    /// plotters' message.
    pub message: String,
}

/// The first run's colour and the second's.
const COLOURS: [RGBColor; 2] = [RGBColor(0x4a, 0x7a, 0xb5), RGBColor(0xd9, 0x76, 0x2b)];

/// Pixels a bar's row takes.
const ROW: u32 = 18;

/// Draws with `draw` on a white SVG of `size` and gives the SVG text.
fn svg(
    title: &str,
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<String, PlotError> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(|e| e.to_string()))
            .map_err(|message| PlotError {
                title: title.to_owned(),
                message,
            })?;
    }
    text.push('\n');
    Ok(text)
}

/// The width of the label column for `labels` (7 pixels a character,
/// within 60 to 320).
fn label_width<'a>(labels: impl Iterator<Item = &'a str>) -> u32 {
    let longest = labels.map(|l| l.chars().count()).max().unwrap_or(0);
    (longest as u32 * 7 + 16).clamp(60, 320)
}

/// A horizontal bar chart: one bar per `(label, value)`, on a scale from 0 to
/// the largest value.
///
/// # Errors
///
/// When plotters cannot draw it.
pub fn bar_chart(title: &str, bars: &[(String, u64)]) -> Result<String, PlotError> {
    let rows = bars.len().max(1);
    let label_w = label_width(bars.iter().map(|b| b.0.as_str()));
    let size = (label_w + 480, 70 + ROW * rows as u32);
    let peak = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    svg(title, size, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(label_w)
            .build_cartesian_2d(0..peak + peak / 20 + 1, (0..rows).into_segmented())
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows)
            .y_label_formatter(&|v| segment_label(v, bars.len(), |i| bars[i].0.clone()))
            .x_labels(6)
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, v))| {
                let mut bar = Rectangle::new(
                    [
                        (0, SegmentValue::Exact(i)),
                        (*v, SegmentValue::Exact(i + 1)),
                    ],
                    COLOURS[0].filled(),
                );
                bar.set_margin(2, 2, 0, 0);
                bar
            }))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// The label of the segment `v` of `n` (the middle of each holds one).
fn segment_label(v: &SegmentValue<usize>, n: usize, label: impl Fn(usize) -> String) -> String {
    match v {
        SegmentValue::CenterOf(i) if *i < n => label(*i),
        SegmentValue::CenterOf(_) | SegmentValue::Exact(_) | SegmentValue::Last => String::new(),
    }
}

/// Two runs' values side by side, one pair of horizontal bars per label:
/// `rows` of `(label, value of the first, value of the second)`, in percent
/// (shares of 0 to 1 drawn as 0 to 100).
///
/// # Errors
///
/// When plotters cannot draw it.
pub fn paired_bars(
    title: &str,
    names: [&str; 2],
    rows: &[(String, f64, f64)],
) -> Result<String, PlotError> {
    let n = rows.len().max(1);
    let label_w = label_width(rows.iter().map(|r| r.0.as_str()));
    let size = (label_w + 480, 90 + 2 * ROW * n as u32);
    let peak = rows
        .iter()
        .map(|r| r.1.max(r.2))
        .fold(0.0f64, f64::max)
        .max(0.01)
        * 100.0;
    svg(title, size, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(label_w)
            .build_cartesian_2d(0.0..peak * 1.05, (0..n).into_segmented())
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n)
            .y_label_formatter(&|v| segment_label(v, rows.len(), |i| rows[i].0.clone()))
            .x_desc("% of games")
            .x_labels(6)
            .draw()
            .map_err(|e| e.to_string())?;
        for (k, name) in names.iter().enumerate() {
            let colour = COLOURS[k];
            chart
                .draw_series(rows.iter().enumerate().map(|(i, r)| {
                    let v = if k == 0 { r.1 } else { r.2 } * 100.0;
                    // The first run's bar in the upper half of the row, the
                    // second's in the lower half.
                    let (top, bottom) = if k == 0 { (2, ROW) } else { (ROW, 2) };
                    let mut bar = Rectangle::new(
                        [
                            (0.0, SegmentValue::Exact(i)),
                            (v, SegmentValue::Exact(i + 1)),
                        ],
                        colour.filled(),
                    );
                    bar.set_margin(top, bottom, 0, 0);
                    bar
                }))
                .map_err(|e| e.to_string())?
                .label(*name)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled())
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::LowerRight)
            .draw()
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// Two runs' distributions overlaid as lines: each series `(name, points)`
/// with points `(x, share of 0 to 1)`, drawn in percent.
///
/// # Errors
///
/// When plotters cannot draw it.
pub fn overlaid_lines(
    title: &str,
    x_desc: &str,
    series: [(&str, &[(f64, f64)]); 2],
) -> Result<String, PlotError> {
    let x_max = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.0))
        .fold(1.0f64, f64::max);
    let y_max = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.1))
        .fold(0.001f64, f64::max)
        * 100.0;
    svg(title, (640, 360), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 15))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..x_max * 1.02, 0.0..y_max * 1.1)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc("% of games")
            .draw()
            .map_err(|e| e.to_string())?;
        for (k, (name, points)) in series.into_iter().enumerate() {
            let colour = COLOURS[k];
            chart
                .draw_series(LineSeries::new(
                    points.iter().map(|&(x, y)| (x, y * 100.0)),
                    colour.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 16, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bars scale to the largest value: the longest bar is twice the
    /// shorter one's width, and labels are escaped.
    #[test]
    fn bars_scale_to_the_largest_and_labels_are_escaped() {
        let svg = bar_chart("a<b", &[("x&y".into(), 10), ("z".into(), 5)]).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains("a&lt;b") && svg.contains("x&amp;y"), "{svg}");
        let widths: Vec<f64> = svg
            .lines()
            .filter(|l| l.starts_with("<rect") && l.contains("fill=\"#4A7AB5\""))
            .filter_map(|l| {
                let w = l.split("width=\"").nth(1)?.split('"').next()?;
                w.parse().ok()
            })
            .collect();
        assert_eq!(widths.len(), 2, "{svg}");
        let ratio = widths[0] / widths[1];
        assert!((ratio - 2.0).abs() < 0.05, "{widths:?}");
    }

    #[test]
    fn paired_bars_and_lines_name_both_runs() {
        let svg = paired_bars(
            "shares",
            ["a.json", "b.json"],
            &[("green wins".into(), 0.5, 0.4)],
        )
        .unwrap();
        assert!(svg.contains("a.json") && svg.contains("b.json") && svg.contains("green wins"));
        let svg = overlaid_lines(
            "lengths",
            "plies",
            [
                ("A", &[(0.0, 0.2), (10.0, 0.8)]),
                ("B", &[(0.0, 0.5), (10.0, 0.5)]),
            ],
        )
        .unwrap();
        let texts: Vec<&str> = svg.lines().map(str::trim).collect();
        assert!(svg.contains("<polyline"), "{svg}");
        assert!(texts.contains(&"A") && texts.contains(&"B"), "{svg}");
    }
}
