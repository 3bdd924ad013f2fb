[playlist]
File1=Show/Episode 1.mkv
Title1=Pilot
Length1=2712
File2=Show\Episode 2.mkv
File3=http://radio.example/live
Title3=Radio
NumberOfEntries=3
Version=2
