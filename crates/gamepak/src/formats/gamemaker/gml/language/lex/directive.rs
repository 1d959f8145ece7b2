//! The `#` lines: `#region` and `#endregion` (dropped), `#macro` and `#define`
//! (one token each, their text not being tokens), and `#RRGGBB` colours.

use crate::formats::gamemaker::gml::language::lex::{is_name_char, is_name_start, Lexer, Pos, Tok};
use crate::formats::gamemaker::gml::language::parse::Failed;

impl Lexer<'_> {
    /// `#region`, `#endregion`, `#macro`, `#define`, or a `#RRGGBB` colour.
    pub(crate) fn directive(&mut self, at: Pos) -> Result<Option<Tok>, Failed> {
        self.bump();
        let start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        let word = &self.src[start..self.pos];
        match word {
            "region" | "endregion" => {
                self.skip_line();
                Ok(None)
            }
            "macro" => self.macro_line(at).map(Some),
            "define" => {
                self.skip_spaces();
                let name = self.name_here(at, "`#define` needs the script's name")?;
                Ok(Some(Tok::Define(name)))
            }
            _ if word.len() == 6 && word.chars().all(|c| c.is_ascii_hexdigit()) => {
                // CSS order, red first; GameMaker's colours hold red in the low byte.
                let rgb = u64::from_str_radix(word, 16).unwrap_or(0);
                let bgr = (rgb & 0xff) << 16 | (rgb & 0xff00) | (rgb >> 16);
                Ok(Some(Tok::Int {
                    value: bgr,
                    decimal: false,
                }))
            }
            _ => Err(self.error(at, format!("unknown directive `#{word}`"))),
        }
    }

    /// Spaces and tabs, not line breaks.
    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    fn name_here(&mut self, at: Pos, missing: &str) -> Result<String, Failed> {
        if !self.peek().is_some_and(is_name_start) {
            return Err(self.error(at, missing));
        }
        let start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        Ok(self.src[start..self.pos].to_string())
    }

    /// `#macro [config:]name body`, the body running to the end of the line, and on
    /// over each line break that a `\` ends the line before.
    fn macro_line(&mut self, at: Pos) -> Result<Tok, Failed> {
        self.skip_spaces();
        let mut name = self.name_here(at, "`#macro` needs the macro's name")?;
        let mut config = None;
        if self.peek() == Some(':') && self.peek_at(1).is_some_and(is_name_start) {
            self.bump();
            config = Some(std::mem::replace(
                &mut name,
                self.name_here(at, "`#macro` needs the macro's name")?,
            ));
        }
        let start = self.pos;
        loop {
            self.skip_line();
            let line = self.src[start..self.pos].trim_end_matches('\r');
            if line.ends_with('\\') && self.peek() == Some('\n') {
                self.bump();
            } else {
                break;
            }
        }
        let mut body = self.src[start..self.pos].trim();
        // A `\` with nothing after it continues onto nothing; kept, it would join the
        // next line to the macro once the macro is written out again.
        while let Some(rest) = body.strip_suffix('\\') {
            body = rest.trim();
        }
        Ok(Tok::Macro {
            config,
            name,
            body: body.to_string(),
        })
    }
}
