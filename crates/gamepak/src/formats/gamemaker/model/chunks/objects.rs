//! OBJT, the objects: name, sprite, visibility, from 2022.5 whether it is managed,
//! solidity, depth, persistence, parent (-100 for none, null in JSON), collision mask, the physics
//! fields (the shape's vertex count among them, its vertices after them), then a
//! pointer list per event type (create, destroy, alarm, step, collision, keyboard,
//! mouse, other, draw, key press, key release, trigger, then clean-up, gesture and
//! pre-create in the releases that have them), each a pointer list of events.

use serde::{Deserialize, Serialize};

use super::events::Events;
use crate::error::Result;
use crate::formats::gamemaker::model::names::{Id, Named, Sprite};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// "No parent", as OBJT stores it.
pub const NO_PARENT: i32 = -100;

/// An object's parent as its name, or null for none. A number reads back as the
/// index it is, so the stored form (`-100`) still reads.
mod parent {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::NO_PARENT;
    use crate::formats::gamemaker::model::names::{Id, Object};

    pub fn serialize<S: Serializer>(v: &i32, s: S) -> Result<S::Ok, S::Error> {
        match *v {
            NO_PARENT => s.serialize_none(),
            // An id that is not "none" the usual way shows as the number it is.
            v if v < 0 => s.serialize_i32(v),
            v => Id::<Object>::new(v).serialize(s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
        Ok(Option::<Id<Object>>::deserialize(d)?.map_or(NO_PARENT, |id| id.0))
    }
}

/// OBJT's body: the objects in resource order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Objects {
    /// The objects; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub objects: Vec<Option<Object>>,
}

/// An object: the template instances are made from, with its events.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Object {
    /// The object's name, by which code refers to it.
    pub name: Option<StrId>,
    /// The sprite the object's instances start with; -1 for none.
    pub sprite: Id<Sprite>,
    /// Whether instances are drawn.
    pub visible: bool,
    /// A flag GameMaker stores per object, whose meaning is not established; kept as
    /// read.
    /// 2022.5 and later.
    pub managed: bool,
    /// Whether instances are solid: GameMaker moves an instance that collides with one
    /// back to where it was before the step.
    pub solid: bool,
    /// The instances' depth: instances of greater depth are drawn first, behind.
    pub depth: i32,
    /// Whether instances stay when the room changes.
    pub persistent: bool,
    /// The parent object's index; [`NO_PARENT`] for none. Shown in JSON as the
    /// parent's name, null for none; the stored number reads back too.
    #[serde(with = "parent")]
    pub parent: i32,
    /// The sprite used as the collision mask; -1 for the object's own sprite.
    pub mask: Id<Sprite>,
    /// The physics settings.
    pub physics: Physics,
    /// One list per event type, in GameMaker's order of types ([`EVENT_TYPES`]);
    /// in JSON, keyed by the type's name.
    #[serde(with = "by_type")]
    pub events: Vec<Option<Events>>,
}

/// An object's physics settings, used when [`Physics::enabled`] is set.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Physics {
    /// Whether instances take part in the room's physics world.
    pub enabled: bool,
    /// Whether the instance is a sensor: it reports collisions but does not react to
    /// them.
    pub sensor: bool,
    /// 0 circle, 1 box, 2 custom shape.
    pub shape: u32,
    /// Density: with the shape's area it gives the mass.
    pub density: f32,
    /// Restitution: how much the body bounces, 0 to 1.
    pub restitution: f32,
    /// The collision group: bodies of the same positive group always collide, of the
    /// same negative group never; 0 for none. Stored as a word, so a negative group
    /// reads as a large number.
    pub group: u32,
    /// Linear damping: how quickly movement slows down.
    pub linear_damping: f32,
    /// Angular damping: how quickly rotation slows down.
    pub angular_damping: f32,
    /// Friction against other bodies.
    pub friction: f32,
    /// Whether the body starts awake in the simulation.
    pub awake: bool,
    /// Whether the body is kinematic: moved by code, not by forces.
    pub kinematic: bool,
    /// The custom shape's points (x, y); used when [`Physics::shape`] is 2.
    pub vertices: Vec<[f32; 2]>,
}

/// The event types, in the order GameMaker lists them; files have the first 12 to
/// 15, by release.
pub const EVENT_TYPES: [&str; 15] = [
    "create",
    "destroy",
    "alarm",
    "step",
    "collision",
    "keyboard",
    "mouse",
    "other",
    "draw",
    "key_press",
    "key_release",
    "trigger",
    "clean_up",
    "gesture",
    "pre_create",
];

/// An object's event lists in JSON: an object keyed by event type name (a type past
/// the known ones as `type15` and on), in GameMaker's order, so the count of types
/// the file has is kept.
mod by_type {
    use serde::de::{Error as _, MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    use super::{Events, EVENT_TYPES};

    fn name(i: usize) -> String {
        EVENT_TYPES
            .get(i)
            .map_or_else(|| format!("type{i}"), |n| n.to_string())
    }

    fn index(name: &str) -> Option<usize> {
        EVENT_TYPES
            .iter()
            .position(|n| *n == name)
            .or_else(|| name.strip_prefix("type")?.parse().ok())
    }

    pub fn serialize<S: Serializer>(v: &[Option<Events>], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(v.len()))?;
        for (i, events) in v.iter().enumerate() {
            map.serialize_entry(&name(i), events)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<Events>>, D::Error> {
        d.deserialize_map(InOrder)
    }

    /// The types as a map read straight into the list, each key checked against
    /// its place; the path of an error inside a type is kept by the caller's
    /// path tracking, which sees the keys go by.
    struct InOrder;

    impl<'de> Visitor<'de> for InOrder {
        type Value = Vec<Option<Events>>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map from event type to its events")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::with_capacity(map.size_hint().unwrap_or(0).min(EVENT_TYPES.len()));
            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                let i = out.len();
                if index(&key) != Some(i) {
                    return Err(A::Error::custom(format!(
                        "event type {key:?} where {:?} belongs: the types go in GameMaker's order",
                        name(i)
                    )));
                }
                out.push(map.next_value()?);
            }
            Ok(out)
        }
    }
}

impl Objects {
    /// Each loop of parents, as the objects in it from the lowest index on: a
    /// parent chain that comes back to where it started has no root. Each object
    /// is walked once.
    pub fn parent_loops(&self) -> Vec<Vec<usize>> {
        const NEW: u8 = 0;
        const WALKING: u8 = 1;
        const DONE: u8 = 2;
        let n = self.objects.len();
        let parent = |i: usize| {
            let o = self.objects[i].as_ref()?;
            usize::try_from(o.parent).ok().filter(|&p| p < n)
        };
        let mut state = vec![NEW; n];
        let mut loops = Vec::new();
        for start in 0..n {
            let mut path = Vec::new();
            let mut at = Some(start);
            while let Some(i) = at.filter(|&i| state[i] == NEW) {
                state[i] = WALKING;
                path.push(i);
                at = parent(i);
            }
            if let Some(back) = at.filter(|&i| state[i] == WALKING) {
                let from = path.iter().position(|&i| i == back).unwrap_or(0);
                let mut cycle = path[from..].to_vec();
                let low = (0..cycle.len()).min_by_key(|&k| cycle[k]).unwrap_or(0);
                cycle.rotate_left(low);
                loops.push(cycle);
            }
            for i in path {
                state[i] = DONE;
            }
        }
        loops
    }
}

impl<'a> Record<'a> for Objects {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.objects)
    }
}

impl Named for Object {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Object {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.record(&mut self.sprite)?;
        w.bool(&mut self.visible)?;
        if w.since(Version::V2022_5) {
            w.bool(&mut self.managed)?;
        }
        w.bool(&mut self.solid)?;
        w.i32(&mut self.depth)?;
        w.bool(&mut self.persistent)?;
        w.i32(&mut self.parent)?;
        w.record(&mut self.mask)?;
        w.record(&mut self.physics)?;
        w.pointer_list("events", &mut self.events)
    }
}

impl<'a> Record<'a> for Physics {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.bool(&mut self.enabled)?;
        w.bool(&mut self.sensor)?;
        w.u32(&mut self.shape)?;
        w.f32(&mut self.density)?;
        w.f32(&mut self.restitution)?;
        w.u32(&mut self.group)?;
        w.f32(&mut self.linear_damping)?;
        w.f32(&mut self.angular_damping)?;
        let mut n = self.vertices.len();
        w.count(&mut n, 8)?;
        w.f32(&mut self.friction)?;
        w.bool(&mut self.awake)?;
        w.bool(&mut self.kinematic)?;
        if w.reading() {
            self.vertices = vec![[0.0; 2]; n];
        }
        self.vertices
            .iter_mut()
            .flatten()
            .try_for_each(|v| w.f32(v))
    }
}
