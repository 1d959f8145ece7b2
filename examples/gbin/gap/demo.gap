# A .gap script for gamepak build: its paths are taken from this folder, and it
# may read and write nowhere else.
export,name=hero,filename=hero.gbin,type=gbin,format=binary
export,name=hero,filename=hero_defs.h,type=definitions,format=cheader

imagegroup,name=hero
loadimage,src=hero.png
imagearray,x=0,y=0,w=16,h=16,xc=4,yc=1,xo=8,yo=8,pf=ARGB4444,name=walk
imagesequence,name=walk,mode=loop
imageframe,group=hero,count=all,time=6

loadimage,src=tiles.png
tileset,id=1,name=ground,w=8,h=8,pf=RGB565
tilearray,x=0,y=0,tw=4,th=1

colourmap,src=palette.gpl,name=main
file,src=intro.txt,name=intro,type=TEXT

# gamepak extensions: a string table and a stored sound sample.
strings,lang=ENGB
string,text="Press start"
string,text="Game over"
