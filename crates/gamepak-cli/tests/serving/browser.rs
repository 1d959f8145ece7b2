//! A headless Chromium for the page's tests: Debian's `chromium`, installed with
//! apt when it is missing (the tests' own setup, so a fresh machine needs nothing
//! by hand), or the one `GAMEPAK_CHROMIUM` names.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};

use crate::common::debian;

/// The browser's path, installing Debian's package the first time it is missing.
pub fn chromium() -> PathBuf {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            debian::program(
                "GAMEPAK_CHROMIUM",
                &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
                "chromium",
            )
        })
        .clone()
}

/// A headless browser and one tab.
pub struct Page {
    _browser: Browser,
    pub tab: Arc<Tab>,
}

impl Page {
    pub fn open(url: &str) -> Page {
        let options = LaunchOptions::default_builder()
            .path(Some(chromium()))
            .headless(true)
            .sandbox(false)
            .window_size(Some((1440, 900)))
            .idle_browser_timeout(Duration::from_secs(300))
            .build()
            .expect("launch options");
        let browser = Browser::new(options).expect("chromium starts");
        let tab = browser.new_tab().expect("a tab");
        tab.set_default_timeout(Duration::from_secs(60));
        tab.navigate_to(url).expect("navigates");
        tab.wait_until_navigated().expect("the page loads");
        Page {
            _browser: browser,
            tab,
        }
    }

    /// The value of a JavaScript expression (awaited when it is a promise), passed
    /// as JSON so that arrays and objects come back whole.
    pub fn eval(&self, js: &str) -> serde_json::Value {
        let wrapped = format!("(async () => JSON.stringify(await ({js})))()");
        let value = self
            .tab
            .evaluate(&wrapped, true)
            .unwrap_or_else(|e| panic!("{js}: {e}"))
            .value;
        match value {
            Some(serde_json::Value::String(json)) => serde_json::from_str(&json).unwrap(),
            _ => serde_json::Value::Null,
        }
    }

    /// Waits until `js` is true, failing with `what` after a minute.
    pub fn wait_for(&self, js: &str, what: &str) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            if self.eval(js) == serde_json::Value::Bool(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("waited a minute for {what} ({js})");
    }

    /// Clicks the element `selector` names, as a person would.
    pub fn click(&self, selector: &str) {
        self.tab
            .wait_for_element(selector)
            .unwrap_or_else(|e| panic!("{selector}: {e}"))
            .click()
            .unwrap_or_else(|e| panic!("clicking {selector}: {e}"));
    }

    /// Shows only entries whose path holds `text`; the whole tree for "".
    pub fn filter(&self, text: &str) {
        self.eval(&format!(
            "(() => {{ const f = document.querySelector('#filter'); f.value = {text:?}; \
             f.dispatchEvent(new Event('input')); return true; }})()"
        ));
        let filtered = if text.is_empty() { "!" } else { "" };
        self.wait_for(
            &format!("{filtered}document.querySelector('#count').textContent.includes(' of ') && !!document.querySelector('.entry[data-path*={text:?}], #tree details')"),
            &format!("entries holding {text:?}"),
        );
    }

    /// Saves what the page shows as `name`.png under target/serve-screenshots, for a
    /// person to look at.
    pub fn screenshot(&self, name: &str) -> PathBuf {
        let png = self
            .tab
            .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
            .expect("a screenshot");
        let dir = screenshots();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        println!("screenshot: {}", path.display());
        path
    }
}

fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("serve-screenshots")
}
