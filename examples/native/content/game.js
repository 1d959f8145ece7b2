var viewport = new Viewport()
new Background(viewport, Content.Sky)
AddStaticSprite(viewport, Content.Hero, 40, 40)
Music.Set(Content.Theme)